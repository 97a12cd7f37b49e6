/** What the OS says about a local server process (Linux /proc): its memory. */
import { readFileSync } from "node:fs";

/** Resident set size of a process in bytes, null when it is gone. */
export function rssBytes(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

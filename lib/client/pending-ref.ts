/**
 * The pending referral code: kept in localStorage of the origin the visitor
 * opened, so attribution stays per domain (interface.md), latest link wins.
 * A tiny external store so React components re-render when it changes.
 */
import { useSyncExternalStore } from "react";
import { normaliseRefCode } from "@/lib/domain/wallet";

const KEY = "refboard:pending-ref";
const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return null; // storage disabled (private mode, sandboxed frame): no pending code
  }
}

function write(code: string | null): void {
  try {
    if (code === null) window.localStorage.removeItem(KEY);
    else window.localStorage.setItem(KEY, code);
  } catch {
    // storage disabled: the code lives only as long as the page
  }
  for (const listener of listeners) listener();
}

export type RefParam =
  | { kind: "none" }
  | { kind: "valid"; code: string }
  /** Present but not 8 characters: never stored, shown as a broken link. */
  | { kind: "invalid"; raw: string };

export function parseRefParam(value: string | null | undefined): RefParam {
  if (value === null || value === undefined || value === "") return { kind: "none" };
  const code = normaliseRefCode(value);
  return code ? { kind: "valid", code } : { kind: "invalid", raw: value };
}

export const pendingRef = {
  get: read,
  /** Stores a code from a link; the latest link wins. */
  set: (code: string) => write(code),
  clear: () => write(null),
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => event.key === KEY && listener();
    window.addEventListener("storage", onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener("storage", onStorage);
    };
  },
};

/** The pending code; null on the server and before hydration, so server and client HTML agree. */
export function usePendingRef(): string | null {
  return useSyncExternalStore(pendingRef.subscribe, read, () => null);
}

/**
 * The pending referral code: kept in localStorage of the origin the visitor
 * opened, so attribution stays per domain (a code is never shared between
 * domains; docs/api.md), latest link wins.
 * A tiny external store so React components re-render when it changes.
 */
import { useSyncExternalStore } from "react";
import { readLocal, writeLocal } from "@/lib/client/local-item";
import { normaliseRefCode } from "@/lib/domain/wallet";

const KEY = "refboard:pending-ref";
const listeners = new Set<() => void>();

/** Where localStorage is denied, the code lasts as long as the page: enough for the usual "open the link, connect" visit. */
function read(): string | null {
  return readLocal(KEY);
}

function write(code: string | null): void {
  writeLocal(KEY, code);
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

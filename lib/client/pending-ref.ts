/**
 * The pending referral code: kept in localStorage of the origin the visitor
 * opened, so attribution stays per domain (a code is never shared between
 * domains; docs/api.md), latest link wins.
 * A tiny external store so React components re-render when it changes.
 */
import { useSyncExternalStore } from "react";
import { normaliseRefCode } from "@/lib/domain/wallet";

const KEY = "refboard:pending-ref";
const listeners = new Set<() => void>();
/**
 * Where the code lives when localStorage is denied, as it is to a third-party
 * frame (Farcaster's web client shows mini apps in one) in browsers that block
 * third-party storage: then it lasts as long as the page, which is enough for
 * the usual "open the link, connect" visit.
 */
let memory: string | null = null;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function read(): string | null {
  try {
    return storage()?.getItem(KEY) ?? memory;
  } catch {
    return memory;
  }
}

function write(code: string | null): void {
  // The in-memory copy is kept only while localStorage refuses it, so it never outlives a clear from another tab.
  memory = code;
  try {
    const local = storage();
    if (local) {
      if (code === null) local.removeItem(KEY);
      else local.setItem(KEY, code);
      memory = null;
    }
  } catch {
    // quota or policy: the in-memory copy stands in
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

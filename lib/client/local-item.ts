/**
 * One value kept in this origin's localStorage. Where localStorage refuses it (denied, as it is to a
 * third-party frame such as Farcaster's web client in browsers that block third-party storage, or
 * full), the page's memory holds it instead, and only while it refuses, so the copy never outlives a
 * clear from another tab.
 */
const memory = new Map<string, string>();

export function readLocal(key: string): string | null {
  try {
    return window.localStorage.getItem(key) ?? memory.get(key) ?? null;
  } catch {
    return memory.get(key) ?? null;
  }
}

/** Stores the value, or removes it when null. */
export function writeLocal(key: string, value: string | null): void {
  if (value === null) memory.delete(key);
  else memory.set(key, value);
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
    memory.delete(key);
  } catch {
    // quota or policy: the in-memory copy stands in
  }
}

/**
 * Parsing of script replies at the store boundary: nothing from Redis is trusted raw.
 * A reply of an unexpected shape throws (a 500), it never becomes data.
 */
import { isWallet, normaliseWallet, type Wallet } from "@/lib/domain/wallet";

export class UnexpectedReplyError extends Error {
  constructor(what: string, value: unknown) {
    super(`Unexpected reply from Redis for ${what}: ${JSON.stringify(value)?.slice(0, 200)}`);
    this.name = "UnexpectedReplyError";
  }
}

/** An array reply of at least `minLength` elements. */
export function list(reply: unknown, what: string, minLength = 0): unknown[] {
  if (!Array.isArray(reply) || reply.length < minLength) throw new UnexpectedReplyError(what, reply);
  return reply;
}

export function str(value: unknown, what: string): string {
  if (typeof value !== "string") throw new UnexpectedReplyError(what, value);
  return value;
}

/** An integer, from an integer reply or a decimal string (hash fields hold strings). */
export function int(value: unknown, what: string): number {
  const decimal = typeof value === "string" && /^-?\d{1,16}$/.test(value);
  const n = typeof value === "number" ? value : decimal ? Number(value) : NaN;
  if (!Number.isSafeInteger(n)) throw new UnexpectedReplyError(what, value);
  return n;
}

export function optInt(value: unknown, what: string): number | null {
  return value === null || value === undefined ? null : int(value, what);
}

/** A stored wallet: lowercase, 42 characters. */
export function wallet(value: unknown, what: string): Wallet {
  const text = str(value, what);
  if (!isWallet(text) || normaliseWallet(text) !== text) throw new UnexpectedReplyError(what, value);
  return text as Wallet;
}

export function optWallet(value: unknown, what: string): Wallet | null {
  return value === null || value === undefined ? null : wallet(value, what);
}

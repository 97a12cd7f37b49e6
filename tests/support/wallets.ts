import { randomBytes } from "node:crypto";

/** A fresh lowercase wallet, so tests never share data. */
export function randomWallet(): `0x${string}` {
  return `0x${randomBytes(20).toString("hex")}`;
}

/** A fresh wallet whose refCode (last 8 hex characters) is `code`. */
export function walletWithCode(code: string): `0x${string}` {
  return `0x${randomBytes(16).toString("hex")}${code}`;
}

/** A code of 8 hex characters that no test wallet has been made with yet (overwhelmingly likely). */
export function randomCode(): string {
  return randomBytes(4).toString("hex");
}

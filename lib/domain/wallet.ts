/** Wallet addresses and referral codes: pure rules shared by the API, the stores and the web app. */

export const WALLET_PATTERN = /^0x[a-fA-F0-9]{40}$/;
export const REF_CODE_LENGTH = 8;

/** A wallet as the service stores and returns it: lowercase, 42 characters. */
export type Wallet = `0x${string}`;

export function isWallet(value: string): boolean {
  return WALLET_PATTERN.test(value);
}

/** Lowercases a wallet already known to match WALLET_PATTERN. */
export function normaliseWallet(value: string): Wallet {
  return value.toLowerCase() as Wallet;
}

/** The referral code of a wallet: its last 8 hex characters, lowercased. */
export function refCodeOf(wallet: string): string {
  return wallet.slice(-REF_CODE_LENGTH).toLowerCase();
}

/** A refCode is accepted in any case when it has exactly 8 characters, then lowercased. */
export function normaliseRefCode(value: string): string | null {
  return value.length === REF_CODE_LENGTH ? value.toLowerCase() : null;
}

/** Only codes of 8 hex characters can belong to a wallet; others resolve to nobody without a lookup. */
export function isResolvableRefCode(code: string): boolean {
  return /^[0-9a-f]{8}$/.test(code);
}

export function isSelfReferral(wallet: string, refCode: string): boolean {
  return refCodeOf(wallet) === refCode;
}

/** `<linkBase>?ref=<refCode>`; the link base keeps its path but loses a trailing slash before the query. */
export function referralLink(linkBase: string, wallet: string): string {
  const url = new URL(linkBase);
  url.search = "";
  url.hash = "";
  url.searchParams.set("ref", refCodeOf(wallet));
  const text = url.toString();
  return url.pathname === "/" ? text.replace("/?", "?") : text;
}

/** "0x1234…abcd": the short form the UI shows. */
export function shortWallet(wallet: string): string {
  return `${wallet.slice(0, 6)}…${wallet.slice(-4)}`;
}

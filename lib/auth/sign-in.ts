/**
 * Sign-In with Ethereum (EIP-4361): nonces issued and consumed here, and the checks of a signed
 * message before it becomes a session. Every refusal is a 401 naming the reason.
 *
 * Rules: the message's domain is the host of the request's public origin (lib/domain/public-origin.ts:
 * an allowed origin the request came to, else APP_URL's first) and its URI has that origin; with
 * AUTH_ORIGINS (or APP_URL) set, that origin must be one of them. The chain id is CHAIN_ID
 * when configured, any otherwise (smart-contract wallets are then checked on the RPC's chain).
 * The nonce is one this server issued, unexpired, used once; expirationTime and notBefore hold
 * by the server clock. The nonce is spent only after the signature checks out, so nobody can
 * burn another visitor's nonce with a forged message.
 */
import "server-only";
import type { Address, Hex } from "viem";
import { generateSiweNonce, parseSiweMessage } from "viem/siwe";
import { ApiError } from "@/lib/contract/errors";
import type { Clock } from "@/lib/domain/clock";
import { isWallet, normaliseWallet, type Wallet } from "@/lib/domain/wallet";
import type { SignatureVerifier } from "@/lib/auth/signature";
import { NONCE_PATTERN, type AccessStore } from "@/lib/store/types";

export interface SignInDeps {
  store: AccessStore;
  clock: Clock;
  verifySignature: SignatureVerifier;
}

export interface SignInRules {
  /** The request's public origin, e.g. "https://app.example.com". */
  origin: string;
  /** Origins sign-in is allowed on; empty = any public origin. */
  allowedOrigins: string[];
  /** Required chain id; undefined = any. */
  chainId?: number;
}

/** A fresh nonce, kept for `ttlSeconds`. */
export async function issueNonce(deps: Pick<SignInDeps, "store" | "clock">, ttlSeconds: number): Promise<string> {
  const nonce = generateSiweNonce();
  await deps.store.createNonce(nonce, deps.clock(), ttlSeconds);
  return nonce;
}

const refuse = (reason: string) => new ApiError(401, reason);

/** The wallet a valid signed message signs in, or a 401. */
export async function signIn(deps: SignInDeps, input: { message: string; signature: Hex }, rules: SignInRules): Promise<Wallet> {
  const fields = parseSiweMessage(input.message);
  const { address, domain, uri, version, chainId, nonce, issuedAt } = fields;
  if (!address || !domain || !uri || version !== "1" || chainId === undefined || !nonce || !issuedAt) {
    throw refuse("Invalid sign-in message: not an EIP-4361 message");
  }
  if (!isWallet(address) || !NONCE_PATTERN.test(nonce)) throw refuse("Invalid sign-in message");

  const origin = new URL(rules.origin);
  if (rules.allowedOrigins.length > 0 && !rules.allowedOrigins.includes(origin.origin)) {
    throw refuse("Sign-in is not available on this domain");
  }
  if (domain !== origin.host) throw refuse("Sign-in message is for another domain");
  if (originOf(uri) !== origin.origin) throw refuse("Sign-in message URI is for another origin");
  if (fields.scheme !== undefined && `${fields.scheme}:` !== origin.protocol) throw refuse("Sign-in message is for another scheme");
  if (rules.chainId !== undefined && chainId !== rules.chainId) throw refuse("Sign-in message is for another chain");

  const now = deps.clock() * 1000;
  for (const time of [issuedAt, fields.expirationTime, fields.notBefore]) {
    if (time && Number.isNaN(time.getTime())) throw refuse("Invalid sign-in message: malformed time");
  }
  if (fields.expirationTime && now >= fields.expirationTime.getTime()) throw refuse("Sign-in message has expired");
  if (fields.notBefore && now < fields.notBefore.getTime()) throw refuse("Sign-in message is not valid yet");

  const signed = await deps.verifySignature({ address: address as Address, message: input.message, signature: input.signature });
  if (!signed) throw refuse("Invalid signature");
  if (!(await deps.store.consumeNonce(nonce, deps.clock()))) throw refuse("Unknown, used or expired nonce");
  return normaliseWallet(address);
}

function originOf(uri: string): string | null {
  try {
    return new URL(uri).origin;
  } catch {
    return null;
  }
}

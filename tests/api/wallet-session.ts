/**
 * Test wallets with private keys, and an HTTP client that signs in (Sign-In with Ethereum)
 * before each write, one session cookie per wallet, so the HTTP contract runs unchanged with
 * WALLET_AUTH=siwe. Writes for wallets without a key (walletWithCode) go without a cookie.
 */
import { createSiweMessage, type SiweMessage } from "viem/siwe";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { client, type Client } from "@/tests/support/http";

const accounts = new Map<string, PrivateKeyAccount>();

/** A fresh lowercase wallet whose key the tests hold. */
export function keyedWallet(): `0x${string}` {
  const account = privateKeyToAccount(generatePrivateKey());
  const wallet = account.address.toLowerCase() as `0x${string}`;
  accounts.set(wallet, account);
  return wallet;
}

export function accountOf(wallet: string): PrivateKeyAccount | undefined {
  return accounts.get(wallet.toLowerCase());
}

/** The endpoints that need a session for the body's wallet with WALLET_AUTH=siwe. */
export const WALLET_WRITES = ["/api/user/init", "/api/referral/record", "/api/steam/task/complete", "/api/steam/verify"];

/** An EIP-4361 message for `baseUrl` with a nonce, as a browser would build it; fields may be overridden. */
export function siweMessage(baseUrl: string, address: `0x${string}`, nonce: string, overrides: Partial<SiweMessage> = {}): string {
  const url = new URL(baseUrl);
  return createSiweMessage({
    domain: url.host,
    address,
    uri: url.origin,
    version: "1",
    chainId: 1,
    nonce,
    issuedAt: new Date(),
    statement: "Sign in to refboard",
    ...overrides,
  });
}

/** The `name=value` of a Set-Cookie header. */
export function cookieOf(setCookie: string | null): string {
  const pair = setCookie?.split(";")[0];
  if (!pair?.includes("=")) throw new Error(`no cookie in ${setCookie}`);
  return pair;
}

/** Signs `account` in on the server at baseUrl; returns the session cookie to send back. */
export async function signIn(baseUrl: string, account: PrivateKeyAccount, overrides: Partial<SiweMessage> = {}): Promise<string> {
  const api = client(baseUrl);
  const { body } = await api.get<{ nonce: string }>("/api/auth/nonce");
  const message = siweMessage(baseUrl, account.address, body.nonce, overrides);
  const signature = await account.signMessage({ message });
  const res = await api.post("/api/auth/verify", { message, signature });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return cookieOf(res.headers.get("set-cookie"));
}

/** client(), but with `signIn` each keyed wallet signs in once and its writes carry its cookie. */
export function sessionClient(baseUrl: string, options: { signIn: boolean }): Client {
  const base = client(baseUrl);
  if (!options.signIn) return base;
  const sessions = new Map<string, Promise<string>>();
  const cookieFor = (account: PrivateKeyAccount) => {
    const wallet = account.address.toLowerCase();
    let cookie = sessions.get(wallet);
    if (!cookie) sessions.set(wallet, (cookie = signIn(baseUrl, account)));
    return cookie;
  };
  return {
    ...base,
    post: async (path, body, headers = {}) => {
      const wallet = typeof body === "object" && body !== null ? (body as { wallet?: unknown }).wallet : undefined;
      const account = WALLET_WRITES.includes(path) && typeof wallet === "string" ? accountOf(wallet) : undefined;
      return base.post(path, body, account ? { cookie: await cookieFor(account), ...headers } : headers);
    },
  };
}

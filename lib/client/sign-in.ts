"use client";

/**
 * Wallet sign-in (EIP-4361), for servers that run with WALLET_AUTH=siwe; with the
 * default (off) it costs one GET /api/auth/session per page and nothing else.
 * Every write goes through useWalletWrite(): it signs in first when the server
 * asks for it, and once more if a write comes back 401/403 (session expired,
 * wallet switched). The campaign console signs its admins in with useSignIn(),
 * whatever writes need (ADMIN_WALLETS turns sign-in on by itself).
 */
import { useCallback } from "react";
import type { Hex } from "viem";
import { ApiRequestError, api } from "@/lib/client/api";
import { useWallet } from "@/lib/client/wallet";

type Session = Awaited<ReturnType<typeof api.session>>;

let session: Promise<Session> | null = null;
let signing: Promise<void> | null = null;

function currentSession(): Promise<Session> {
  session ??= api.session().catch((error: unknown) => {
    session = null;
    throw error;
  });
  return session;
}

/** Forgets what the server said, so the next write asks again (after a 401, a logout, a wallet switch). */
function forgetSession(): void {
  session = null;
}

/** Ends the wallet's sign-in session (on Disconnect, or the console's Sign out); harmless without one. */
export async function signOut(): Promise<void> {
  forgetSession();
  await api.logout().catch(() => {});
}

export class SignInDeclinedError extends Error {
  constructor() {
    super("Signature declined. Signing a message (no transaction, no fee) proves this wallet is yours.");
    this.name = "SignInDeclinedError";
  }
}

type Sign = (message: string) => Promise<Hex>;

/** Signs in when writes need a session and `wallet` has none. */
async function signInForWrites(wallet: string, sign: Sign, walletChainId: number | undefined) {
  const current = await currentSession();
  if (current.authRequired && current.address !== wallet) await signIn(wallet, sign, walletChainId, current);
}

/** Asks the wallet to sign the message and starts its session; callers at the same time share one request. */
async function signIn(wallet: string, sign: Sign, walletChainId: number | undefined, current: Session) {
  signing ??= (async () => {
    const [{ signInMessage }, { nonce }] = await Promise.all([import("@/lib/client/siwe-message"), api.nonce()]);
    const message = signInMessage({ wallet, chainId: current.chainId ?? walletChainId ?? 1, nonce });
    let signature: Hex;
    try {
      signature = await sign(message);
    } catch (error) {
      const name = error instanceof Error ? error.name : "";
      if (name.includes("UserRejected")) throw new SignInDeclinedError();
      throw error;
    }
    const result = await api.signIn(message, signature);
    session = Promise.resolve({ ...current, address: result.address });
  })().finally(() => {
    signing = null;
  });
  await signing;
}

/** Runs a write for `wallet`, signing in first when the server requires it. */
export function useWalletWrite() {
  const { chainId, signMessage } = useWallet();
  return useCallback(
    async <T>(wallet: string, write: () => Promise<T>): Promise<T> => {
      const sign = (message: string) => signMessage(message, wallet);
      await signInForWrites(wallet, sign, chainId);
      try {
        return await write();
      } catch (error) {
        if (!(error instanceof ApiRequestError && error.needsSignIn)) throw error;
        forgetSession();
        await signInForWrites(wallet, sign, chainId);
        return await write();
      }
    },
    [chainId, signMessage],
  );
}

/** Signs `wallet` in now, even where writes need no session: how an admin opens the campaign console. */
export function useSignIn() {
  const { chainId, signMessage } = useWallet();
  return useCallback(
    async (wallet: string): Promise<void> => {
      // The server's answer may be older than a session that expired since: ask again.
      forgetSession();
      await signIn(wallet, (message) => signMessage(message, wallet), chainId, await currentSession());
    },
    [chainId, signMessage],
  );
}

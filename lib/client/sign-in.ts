"use client";

/**
 * Wallet sign-in (EIP-4361), for servers that run with WALLET_AUTH=siwe; with the
 * default (off) it costs one GET /api/auth/session per page and nothing else.
 * Every write goes through useWalletWrite(): it signs in first when the server
 * asks for it, and once more if a write comes back 401/403 (session expired,
 * wallet switched).
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

/** Ends a wallet sign-in session (WALLET_AUTH=siwe) on Disconnect; harmless without one. */
export function signOut(): void {
  forgetSession();
  void api.logout().catch(() => {});
}

export class SignInDeclinedError extends Error {
  constructor() {
    super("Signature declined. Signing a message (no transaction, no fee) proves this wallet is yours.");
    this.name = "SignInDeclinedError";
  }
}

async function signIn(wallet: string, sign: (message: string) => Promise<Hex>, walletChainId: number | undefined) {
  const current = await currentSession();
  if (!current.authRequired || current.address === wallet) return;
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
      await signIn(wallet, sign, chainId);
      try {
        return await write();
      } catch (error) {
        if (!(error instanceof ApiRequestError && error.needsSignIn)) throw error;
        forgetSession();
        await signIn(wallet, sign, chainId);
        return await write();
      }
    },
    [chainId, signMessage],
  );
}

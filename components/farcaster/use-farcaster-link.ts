"use client";

import { useCallback } from "react";
import { useMiniApp } from "@/components/farcaster/miniapp-provider";
import { api } from "@/lib/client/api";
import { useWalletWrite } from "@/lib/client/sign-in";

/**
 * Links the Farcaster user's fid to `wallet` with a Quick Auth token, the proof the server accepts:
 * what notifications and the Farcaster quests need. Null outside a Farcaster client, or while the
 * deployment has no Quick Auth origin: there is nothing to get a token from.
 */
export function useFarcasterLink(wallet: string, quickAuthOrigin: string | null): (() => Promise<void>) | null {
  const { miniApp } = useMiniApp();
  const write = useWalletWrite();
  const sdk = miniApp.status === "miniapp" ? miniApp.sdk : null;
  const link = useCallback(async () => {
    if (!sdk || !quickAuthOrigin) return;
    const { token } = await sdk.quickAuth.getToken({ quickAuthServerOrigin: quickAuthOrigin });
    await write(wallet, () => api.linkFarcaster(wallet, token));
  }, [sdk, quickAuthOrigin, wallet, write]);
  return sdk && quickAuthOrigin ? link : null;
}

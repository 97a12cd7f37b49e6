"use client";

/** One transaction as a payout page shows it: the console's deploy and fund, the claim page's claim. */
import { useCallback, useState } from "react";
import type { Hex } from "viem";
import { errorText } from "@/lib/client/api";
import { rejectedInWallet } from "@/lib/client/payout-chain";

/** One transaction as the page shows it, from the wallet's prompt to its receipt. */
export type TxState =
  | { step: "idle" }
  | { step: "wallet" }
  | { step: "sent"; hash: Hex }
  | { step: "confirmed"; hash: Hex }
  | { step: "failed"; reason: string; hash?: Hex };

/**
 * Runs one transaction and keeps its state. `send` calls `onSent` with the hash once the wallet sent it and
 * resolves once it is mined. A "no" in the wallet goes back to idle: nothing failed. Resolves true when mined.
 */
export function useTransaction() {
  const [state, setState] = useState<TxState>({ step: "idle" });
  const run = useCallback(async (send: (onSent: (hash: Hex) => void) => Promise<unknown>): Promise<boolean> => {
    let hash: Hex | undefined;
    setState({ step: "wallet" });
    try {
      await send((sent) => {
        hash = sent;
        setState({ step: "sent", hash: sent });
      });
      setState(hash ? { step: "confirmed", hash } : { step: "idle" });
      return true;
    } catch (error) {
      setState(rejectedInWallet(error) && !hash ? { step: "idle" } : { step: "failed", reason: errorText(error), hash });
      return false;
    }
  }, []);
  return { state, run };
}


"use client";

import Link from "next/link";
import { buttonClass } from "@/components/ui/button";
import { GiftIcon } from "@/components/ui/icons";
import { useHasUnclaimed } from "@/lib/client/payout-hooks";

/** The dashboard's way to /claim, shown only while the wallet has a payout it has not claimed. */
export function ClaimLink({ wallet }: { wallet: string }) {
  if (!useHasUnclaimed(wallet)) return null;
  return (
    <Link href="/claim" data-testid="claim-link" className={buttonClass({ className: "mt-3 w-full sm:w-auto sm:self-start" })}>
      <GiftIcon className="size-4" /> You have tokens to claim
    </Link>
  );
}

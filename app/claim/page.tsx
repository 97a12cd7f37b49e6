import type { Metadata } from "next";
import { ClaimView } from "@/components/payouts/claim-view";

export const metadata: Metadata = { title: "Claim" };

/** Everything on this page depends on the connected wallet: the server renders the frame, the browser the claims. */
export default function ClaimPage() {
  return <ClaimView />;
}

"use client";

/**
 * /claim: what the connected wallet may claim from each live payout, read from the API (amount and
 * proof) and from the distributor through the wallet itself (the token, whether it was claimed). One
 * transaction claims; the card then shows it pending, confirmed, and "Claimed" as the contract says.
 */
import { useState } from "react";
import { TxStatus } from "@/components/payouts/tx-status";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { GiftIcon, WalletIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { ConnectButton } from "@/components/wallet/wallet-ui";
import { errorText } from "@/lib/client/api";
import { chainName, formatTokenAmount, payoutClients, sendClaim, switchWalletChain } from "@/lib/client/payout-chain";
import { useClaimOnChain, useClaims, useReadClaimAgain, type Claim } from "@/lib/client/payout-hooks";
import { useTransaction } from "@/lib/client/transaction";
import { useWallet } from "@/lib/client/wallet";
import { shortWallet } from "@/lib/domain/wallet";

const formatDeadline = (seconds: number) =>
  new Date(seconds * 1000).toLocaleString("en-US", { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });

export function ClaimView() {
  const { address } = useWallet();
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Claim your rewards</h1>
      <p className="mt-1 text-zinc-600 dark:text-zinc-400">Tokens from the campaign&apos;s payouts, sent straight to your wallet.</p>
      <div className="mt-6">{address ? <Claims key={address} wallet={address.toLowerCase()} /> : <NotConnected />}</div>
    </div>
  );
}

function NotConnected() {
  return (
    <Card className="p-6 text-center" data-testid="claim-connect">
      <p className="text-zinc-600 dark:text-zinc-400">Connect the wallet you took part with to see what it may claim.</p>
      <ConnectButton size="lg" className="mt-4 w-full sm:w-auto" icon={<WalletIcon className="size-5" />}>
        Connect wallet
      </ConnectButton>
    </Card>
  );
}

function Claims({ wallet }: { wallet: string }) {
  const claims = useClaims(wallet);
  if (claims.error) {
    return (
      <Card className="p-6" role="alert">
        <p className="text-red-600 dark:text-red-400">{errorText(claims.error)}</p>
        <button type="button" onClick={() => void claims.refetch()} className={buttonClass({ variant: "secondary", className: "mt-3" })}>
          Try again
        </button>
      </Card>
    );
  }
  if (!claims.data) return <Skeleton className="h-40 w-full rounded-3xl" />;
  if (claims.data.claims.length === 0) {
    return (
      <Card className="p-6 text-center" data-testid="claim-empty">
        <GiftIcon className="mx-auto size-8 text-zinc-400" />
        <p className="mt-3 font-semibold">Nothing to claim</p>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          <span className="font-mono">{shortWallet(wallet)}</span> has no payout waiting. When a campaign it ranked in pays out, it shows here.
        </p>
      </Card>
    );
  }
  return (
    <ul className="flex flex-col gap-4">
      {claims.data.claims.map((claim) => (
        <li key={claim.plan}>
          <ClaimCard claim={claim} wallet={wallet} />
        </li>
      ))}
    </ul>
  );
}

function ClaimCard({ claim, wallet }: { claim: Claim; wallet: string }) {
  const { provider } = useWallet();
  const onChain = useClaimOnChain(claim, wallet);
  const tx = useTransaction();
  const [switching, setSwitching] = useState<string | null>(null);
  // Claims stop at the deadline (the contract pays while block.timestamp < deadline).
  const [closed] = useState(() => Date.now() / 1000 >= claim.deadline);
  const readAgain = useReadClaimAgain(claim, wallet);

  const data = onChain.data;
  const claimed = data?.network === "right" && data.claimed;
  const state = !data ? "loading" : claimed ? "claimed" : closed ? "closed" : data.network === "wrong" ? "wrong-network" : "open";

  async function claimIt() {
    const clients = payoutClients(await provider(), claim.chainId, wallet);
    const mined = await tx.run((onSent) => sendClaim(clients, { distributor: claim.distributor, account: wallet, amount: claim.amount, proof: claim.proof }, onSent));
    if (mined) await readAgain();
  }

  async function switchChain() {
    setSwitching("");
    try {
      await switchWalletChain(await provider(), claim.chainId);
      setSwitching(null);
      await readAgain();
    } catch (error) {
      setSwitching(errorText(error));
    }
  }

  return (
    <Card className="p-5 sm:p-6" data-testid="claim-card" data-state={state} data-plan={claim.plan}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm text-zinc-500 dark:text-zinc-400">
            Payout <span className="font-mono">{claim.plan}</span> on {chainName(claim.chainId)}
          </p>
          <p className="mt-1 text-2xl font-bold break-words tabular-nums" title={`${claim.amount} base units`} data-testid="claim-amount">
            {data?.network === "right" ? `${formatTokenAmount(claim.amount, data.token.decimals)} ${data.token.symbol}` : `${claim.amount} base units`}
          </p>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
            {closed ? "Closed" : "Claim by"} {formatDeadline(claim.deadline)}
          </p>
        </div>
        <ClaimBadge state={state} />
      </div>
      {onChain.error && (
        <p role="alert" className="mt-3 text-sm text-red-600 dark:text-red-400">
          Couldn&apos;t read the payout through your wallet: {errorText(onChain.error)}{" "}
          <button type="button" onClick={() => void onChain.refetch()} className="font-semibold underline">
            Try again
          </button>
        </p>
      )}
      {state === "wrong-network" && data?.network === "wrong" && (
        <div className="mt-4" data-testid="claim-wrong-network">
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            Your wallet is on {chainName(data.walletChainId)}; this payout is on {chainName(claim.chainId)}.
          </p>
          <button type="button" onClick={() => void switchChain()} aria-busy={switching === ""} className={buttonClass({ className: "mt-3 w-full sm:w-auto" })}>
            {switching === "" && <Spinner />} Switch to {chainName(claim.chainId)}
          </button>
          {switching && (
            <p role="alert" className="mt-2 text-sm text-red-600 dark:text-red-400">
              {switching}
            </p>
          )}
        </div>
      )}
      {state === "open" && (
        <button
          type="button"
          onClick={() => void claimIt()}
          disabled={tx.state.step === "wallet" || tx.state.step === "sent"}
          data-testid="claim-button"
          className={buttonClass({ size: "lg", className: "mt-4 w-full sm:w-auto" })}
        >
          {(tx.state.step === "wallet" || tx.state.step === "sent") && <Spinner className="size-5" />} Claim
        </button>
      )}
      <div className="mt-3">
        <TxStatus label="Claim" state={tx.state} testId="claim-tx" />
      </div>
    </Card>
  );
}

function ClaimBadge({ state }: { state: string }) {
  if (state !== "claimed" && state !== "closed") return null;
  const claimed = state === "claimed";
  return (
    <span
      data-testid="claim-badge"
      className={`rounded-full px-3 py-1 text-sm font-semibold ${
        claimed ? "bg-emerald-50 text-emerald-700 dark:bg-emerald-950/60 dark:text-emerald-300" : "bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300"
      }`}
    >
      {claimed ? "Claimed" : "Closed"}
    </span>
  );
}

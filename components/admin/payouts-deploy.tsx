"use client";

/**
 * Deploys a plan's distributor from the admin's connected wallet, on the plan's chain: deploy (owner: that
 * wallet, which may withdraw the rest after the deadline), fund with the plan's total, then record the
 * address, which the server checks on chain. Each transaction's state is shown; a step that failed is
 * tried again from where it stopped (the panel keeps how far it got, closing the dialog included), never
 * deploying a second contract.
 */
import { useState } from "react";
import type { Address, Hex } from "viem";
import { TxStatus } from "@/components/payouts/tx-status";
import { buttonClass } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { ConnectButton } from "@/components/wallet/wallet-ui";
import { WalletIcon } from "@/components/ui/icons";
import { api, errorText } from "@/lib/client/api";
import { chainName, deployDistributor, fundDistributor, payoutClients, switchWalletChain, walletChainId } from "@/lib/client/payout-chain";
import { usePayoutPlansChange } from "@/lib/client/payout-hooks";
import { useTransaction } from "@/lib/client/transaction";
import { useWallet } from "@/lib/client/wallet";
import type { PayoutPlanJson } from "@/lib/contract/payout-schemas";
import { shortWallet } from "@/lib/domain/wallet";

/** How far a plan's deployment got: its contract, once mined, and whether the funding was mined too. */
export interface DeployProgress {
  deployed: Address | null;
  funded: boolean;
}

export function DeployDistributor({
  plan,
  progress,
  onProgress,
  onDone,
}: {
  plan: PayoutPlanJson;
  progress: DeployProgress;
  onProgress(progress: DeployProgress): void;
  onDone(): void;
}) {
  const { address: wallet, provider } = useWallet();
  const deploy = useTransaction();
  const fund = useTransaction();
  const record = usePayoutPlansChange((address: string) => api.recordDistributor(plan.id, address));
  const { deployed, funded } = progress;
  const [running, setRunning] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  if (!wallet) {
    return (
      <div className="flex flex-col gap-3">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Connect the wallet that deploys and funds the distributor.</p>
        <ConnectButton size="sm" className="self-start" icon={<WalletIcon className="size-4" />}>
          Connect wallet
        </ConnectButton>
      </div>
    );
  }
  const owner = wallet.toLowerCase() as Address;

  async function start() {
    setRunning(true);
    setFailure(null);
    try {
      const eip1193 = await provider();
      if ((await walletChainId(eip1193)) !== plan.chainId) await switchWalletChain(eip1193, plan.chainId);
      const { publicClient, walletClient } = payoutClients(eip1193, plan.chainId, owner);
      let distributor = deployed;
      if (!distributor) {
        const params = { token: plan.token as Address, root: plan.root as Hex, deadline: BigInt(plan.deadline), owner };
        const ok = await deploy.run(async (onSent) => {
          distributor = (await deployDistributor(walletClient, publicClient, params, onSent)).address;
        });
        if (!ok || !distributor) return;
        onProgress({ deployed: distributor, funded: false });
      }
      if (!funded) {
        const target = distributor;
        const ok = await fund.run((onSent) => fundDistributor(walletClient, publicClient, { token: plan.token as Address, distributor: target, amount: BigInt(plan.total) }, onSent));
        if (!ok) return;
        onProgress({ deployed: target, funded: true });
      }
      await record.mutateAsync(distributor);
      onDone();
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setRunning(false);
    }
  }

  const started = deployed !== null;
  return (
    <div className="flex flex-col gap-4" data-testid="payout-deploy">
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="text-zinc-500 dark:text-zinc-400">Chain</dt>
        <dd>{chainName(plan.chainId)}</dd>
        <dt className="text-zinc-500 dark:text-zinc-400">Token</dt>
        <dd className="truncate font-mono" title={plan.token}>{plan.token}</dd>
        <dt className="text-zinc-500 dark:text-zinc-400">Funding</dt>
        <dd className="tabular-nums">{plan.total} base units</dd>
        <dt className="text-zinc-500 dark:text-zinc-400">Owner</dt>
        <dd className="font-mono">{shortWallet(owner)} (this wallet)</dd>
        {deployed && (
          <>
            <dt className="text-zinc-500 dark:text-zinc-400">Distributor</dt>
            <dd className="truncate font-mono" title={deployed} data-testid="deploy-address">
              {deployed}
              {funded ? ", funded" : ", not funded yet"}
            </dd>
          </>
        )}
      </dl>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Two transactions from this wallet: the distributor, then a transfer of the plan&apos;s total to it. The wallet must hold that much of the token.
      </p>
      <div className="flex flex-col gap-2">
        <TxStatus label="Deploy" state={deploy.state} testId="deploy-tx" />
        <TxStatus label="Fund" state={fund.state} testId="fund-tx" />
        {(record.isPending || record.isSuccess) && (
          <p role="status" data-testid="record-status" className="text-sm text-zinc-600 dark:text-zinc-400">
            {record.isPending ? "Recording the distributor…" : "Recorded."}
          </p>
        )}
        {(failure || record.error) && (
          <p role="alert" data-testid="deploy-error" className="text-sm break-words text-red-600 dark:text-red-400">
            {failure ?? errorText(record.error)}
          </p>
        )}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" onClick={onDone} className={buttonClass({ variant: "secondary" })}>
          Close
        </button>
        <button type="button" onClick={() => void start()} disabled={running} aria-busy={running} data-testid="deploy-start" className={buttonClass()}>
          {running && <Spinner />}
          {started && !running ? "Continue" : "Deploy and fund"}
        </button>
      </div>
    </div>
  );
}

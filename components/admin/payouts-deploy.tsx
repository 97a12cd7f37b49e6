"use client";

/**
 * Deploys a plan's distributor from the admin's connected wallet, on the plan's chain: deploy (owner: that
 * wallet, which may withdraw the rest after the deadline), fund with what it lacks of the plan's total,
 * then record the address, which the server checks on chain. Each transaction's state is shown. How far
 * it got is kept in this browser (lib/client/deploy-progress), each hash as soon as the wallet sent it:
 * a step that failed, a closed dialog or a reload resumes from there, waiting for a transaction already
 * sent rather than sending another, so a plan never gets a second contract or its total twice.
 */
import { useState } from "react";
import type { Address, Hex } from "viem";
import { TxStatus } from "@/components/payouts/tx-status";
import { buttonClass } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { ConnectButton } from "@/components/wallet/wallet-ui";
import { WalletIcon } from "@/components/ui/icons";
import { api, errorText } from "@/lib/client/api";
import { forgetDeployProgress, readDeployProgress, saveDeployProgress, type DeployProgress } from "@/lib/client/deploy-progress";
import {
  chainName,
  deployedBy,
  DistributorError,
  fundedBy,
  isKnownTransaction,
  payoutClients,
  sendDeployment,
  sendFunding,
  switchWalletChain,
  tokenBalance,
  walletChainId,
} from "@/lib/client/payout-chain";
import { usePayoutPlansChange } from "@/lib/client/payout-hooks";
import { useTransaction } from "@/lib/client/transaction";
import { useWallet } from "@/lib/client/wallet";
import type { PayoutPlanJson } from "@/lib/contract/payout-schemas";
import { shortWallet } from "@/lib/domain/wallet";

/** One transaction of the deployment, as far as this browser knows it. */
interface Transaction<T> {
  /** Its hash, when it was sent before (kept in deploy-progress). */
  sent: Hex | null;
  send(): Promise<Hex>;
  /** Keeps the hash of one just sent, or forgets it (null). */
  keep(hash: Hex | null): void;
  mined(hash: Hex): Promise<T>;
}

/**
 * Waits for the transaction sent earlier, or sends it and keeps its hash at once. One the chain does
 * not know (dropped or replaced in the wallet) or one that reverted is forgotten, so the next try
 * sends a new one; any other failure (the RPC, a timeout) keeps it to wait for again.
 */
async function sendOnce<T>(publicClient: ReturnType<typeof payoutClients>["publicClient"], tx: Transaction<T>, onSent: (hash: Hex) => void): Promise<T> {
  try {
    let hash = tx.sent;
    if (hash === null) {
      hash = await tx.send();
      tx.keep(hash);
    } else if (!(await isKnownTransaction(publicClient, hash))) {
      throw new DistributorError(`transaction ${hash}, sent earlier, is not on the chain (dropped or replaced in the wallet): try again to send a new one`);
    }
    onSent(hash);
    return await tx.mined(hash);
  } catch (error) {
    if (error instanceof DistributorError) tx.keep(null);
    throw error;
  }
}

export function DeployDistributor({ plan, onDone }: { plan: PayoutPlanJson; onDone(): void }) {
  const { address: wallet, provider } = useWallet();
  const deploy = useTransaction();
  const fund = useTransaction();
  const record = usePayoutPlansChange((address: string) => api.recordDistributor(plan.id, address));
  const [progress, setProgress] = useState(() => readDeployProgress(plan));
  const { deployTx, deployed, fundTx, funded } = progress;
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
    // The latest progress, read again: another tab, or this dialog before a reload, may have moved it.
    let step = readDeployProgress(plan);
    const save = (change: Partial<DeployProgress>) => {
      step = { ...step, ...change };
      saveDeployProgress(plan, step);
      setProgress(step);
    };
    setProgress(step);
    try {
      const eip1193 = await provider();
      if ((await walletChainId(eip1193)) !== plan.chainId) await switchWalletChain(eip1193, plan.chainId);
      const { publicClient, walletClient } = payoutClients(eip1193, plan.chainId, owner);
      const token = plan.token as Address;
      if (!step.deployed) {
        const params = { token, root: plan.root as Hex, deadline: BigInt(plan.deadline), owner };
        const deployment: Transaction<Address> = {
          sent: step.deployTx,
          send: () => sendDeployment(walletClient, params),
          keep: (deployTx) => save({ deployTx }),
          mined: (hash) => deployedBy(publicClient, hash),
        };
        const ok = await deploy.run(async (onSent) => save({ deployed: await sendOnce(publicClient, deployment, onSent) }));
        if (!ok) return;
      }
      const distributor = step.deployed as Address;
      if (!step.funded) {
        // Only what it lacks: a transfer that came from elsewhere (the CLI, another browser) is not sent again.
        const missing = BigInt(plan.total) - (await tokenBalance(publicClient, token, distributor));
        if (step.fundTx !== null || missing > 0n) {
          const funding: Transaction<void> = {
            sent: step.fundTx,
            send: () => sendFunding(walletClient, { token, distributor, amount: missing }),
            keep: (fundTx) => save({ fundTx }),
            mined: (hash) => fundedBy(publicClient, hash),
          };
          const ok = await fund.run((onSent) => sendOnce(publicClient, funding, onSent));
          if (!ok) return;
        }
        save({ funded: true });
      }
      await record.mutateAsync(distributor);
      forgetDeployProgress(plan);
      onDone();
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setRunning(false);
    }
  }

  const started = deployTx !== null || deployed !== null;
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
        {deployTx && !deployed && (
          <>
            <dt className="text-zinc-500 dark:text-zinc-400">Deployment</dt>
            <dd className="truncate font-mono" title={deployTx} data-testid="deploy-sent">
              {shortWallet(deployTx)}, sent
            </dd>
          </>
        )}
        {deployed && (
          <>
            <dt className="text-zinc-500 dark:text-zinc-400">Distributor</dt>
            <dd className="truncate font-mono" title={deployed} data-testid="deploy-address">
              {deployed}
              {funded ? ", funded" : fundTx ? `, funding ${shortWallet(fundTx)} sent` : ", not funded yet"}
            </dd>
          </>
        )}
      </dl>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Two transactions from this wallet: the distributor, then a transfer of the plan&apos;s total to it (less what it already holds). The wallet must hold that much of the token. This browser keeps each transaction as soon as it is sent: closed or reloaded, the deployment continues where it stopped.
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

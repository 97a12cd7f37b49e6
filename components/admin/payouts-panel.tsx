"use client";

/**
 * The console's Payouts section: build a plan from the board, list the plans (frozen once built) with
 * their CSV and OpenZeppelin tree dump, and deploy and fund a plan's distributor from the admin's wallet.
 * Read and changed through the admin API with the admin's session cookie.
 */
import { useState } from "react";
import { bodyRows, ConsoleSection, ConsoleTable, DownloadLink, EmptyRow, firstCell, headRow, lastCell, numberCell } from "@/components/admin/console-section";
import { formatCount, formatTime } from "@/components/admin/format";
import { DeployDistributor } from "@/components/admin/payouts-deploy";
import { PayoutForm } from "@/components/admin/payouts-form";
import { buttonClass } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { api, errorText } from "@/lib/client/api";
import { chainName } from "@/lib/client/payout-chain";
import { usePayoutPlans, usePayoutPlansChange } from "@/lib/client/payout-hooks";
import { useWallet } from "@/lib/client/wallet";
import * as paths from "@/lib/contract/paths";
import type { CreatePayoutResponse, PayoutPlanJson } from "@/lib/contract/payout-schemas";
import { shortWallet } from "@/lib/domain/wallet";

const COLUMNS = 7;

const planHref = (id: string, format: "csv" | "tree") => `${paths.payoutPlan.path.replace("{id}", encodeURIComponent(id))}?format=${format}`;
/** Base units grouped by thousands: they pass 2^53, so as a bigint. */
const formatUnits = (amount: string) => formatCount(BigInt(amount));

export function PayoutsPanel() {
  const plans = usePayoutPlans();
  const { chainId } = useWallet();
  const [creating, setCreating] = useState(false);
  const [built, setBuilt] = useState<CreatePayoutResponse | null>(null);
  const [deploying, setDeploying] = useState<PayoutPlanJson | null>(null);
  const create = usePayoutPlansChange((body: Record<string, unknown>) => api.createPayout(body));
  const list = plans.data?.plans;

  return (
    <ConsoleSection
      id="payouts"
      title="Payouts"
      description="Token payouts from the board: a plan (frozen once built, with its Merkle root), the distributor contract that pays it, and a claim page for every winner at /claim."
      downloads={
        <button type="button" onClick={() => setCreating(true)} data-testid="payout-new" className={buttonClass({ size: "sm" })}>
          New plan
        </button>
      }
    >
      {built && (
        <p role="status" data-testid="payout-built" className="px-4 pb-4 text-sm text-emerald-700 sm:px-6 dark:text-emerald-400">
          Plan <span className="font-mono">{built.id}</span> built: {formatCount(built.count)} {built.count === 1 ? "wallet" : "wallets"}, {formatUnits(built.total)} base units
          {built.remainder !== "0" && `, ${formatUnits(built.remainder)} left undistributed`}.
        </p>
      )}
      <ConsoleTable caption="Payout plans" minWidth="min-w-[56rem]">
        <thead>
          <tr className={headRow}>
            <th scope="col" className={`${firstCell} text-left`}>
              Plan
            </th>
            <th scope="col" className="px-3 text-left">
              Root
            </th>
            <th scope="col" className={numberCell}>
              Total
            </th>
            <th scope="col" className={numberCell}>
              Wallets
            </th>
            <th scope="col" className={numberCell}>
              Remainder
            </th>
            <th scope="col" className="px-3 text-left">
              Distributor
            </th>
            <th scope="col" className={`${lastCell} text-right`}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className={bodyRows}>
          {!list ? (
            <EmptyRow columns={COLUMNS}>{plans.error ? errorText(plans.error) : <Spinner />}</EmptyRow>
          ) : list.length === 0 ? (
            <EmptyRow columns={COLUMNS}>No payout plans yet. Build one from the board when the campaign (or a season) has ended.</EmptyRow>
          ) : (
            list.map((plan) => (
              <tr key={plan.id} data-testid={`payout-plan-${plan.id}`}>
                <td className={`${firstCell} py-3 whitespace-nowrap`}>
                  <span className="block font-mono font-medium">{plan.id}</span>
                  <span className="block text-xs text-zinc-500 dark:text-zinc-400">
                    {plan.board === "all" ? "All-time" : `Season ${plan.board}`} · {plan.mode === "pool" ? "pool" : "per unit"} · {chainName(plan.chainId)}
                  </span>
                  <span className="block text-xs text-zinc-500 dark:text-zinc-400">Created {formatTime(plan.createdAt)}</span>
                </td>
                <td className="px-3 font-mono text-xs whitespace-nowrap" title={plan.root}>
                  {shortWallet(plan.root)}
                </td>
                <td className={numberCell} data-testid="payout-total">
                  {formatUnits(plan.total)}
                </td>
                <td className={numberCell}>{formatCount(plan.count)}</td>
                <td className={numberCell}>{formatUnits(plan.remainder)}</td>
                <td className="px-3 text-xs whitespace-nowrap" data-testid="payout-distributor">
                  {plan.distributor ? (
                    <span className="font-mono" title={plan.distributor.address}>
                      {shortWallet(plan.distributor.address)}
                    </span>
                  ) : (
                    <span className="text-zinc-500 dark:text-zinc-400">not deployed</span>
                  )}
                </td>
                <td className={`${lastCell} text-right whitespace-nowrap`}>
                  <div className="inline-flex gap-2">
                    <DownloadLink href={planHref(plan.id, "csv")} testId="payout-csv">
                      CSV
                    </DownloadLink>
                    <DownloadLink href={planHref(plan.id, "tree")} testId="payout-tree">
                      Tree
                    </DownloadLink>
                    {!plan.distributor && (
                      <button type="button" onClick={() => setDeploying(plan)} data-testid="payout-deploy-open" className={buttonClass({ size: "sm" })}>
                        Deploy distributor
                      </button>
                    )}
                  </div>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </ConsoleTable>
      {creating && (
        <Dialog title="New payout plan" onClose={() => setCreating(false)}>
          <PayoutForm
            defaultChainId={chainId}
            save={async (body) => {
              const answer = await create.mutateAsync(body);
              setBuilt(answer);
              return answer;
            }}
            onDone={() => setCreating(false)}
          />
        </Dialog>
      )}
      {deploying && (
        <Dialog title={`Distributor for ${deploying.id}`} onClose={() => setDeploying(null)}>
          <DeployDistributor plan={deploying} onDone={() => setDeploying(null)} />
        </Dialog>
      )}
    </ConsoleSection>
  );
}

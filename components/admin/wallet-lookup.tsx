import Link from "next/link";
import type { ReactNode } from "react";
import { consoleHref, refereesCsvHref } from "@/components/admin/console-links";
import { ConsoleSection, ConsoleTable, DownloadCsv, EmptyRow, bodyRows, fieldClass, headRow, lastCell, numberCell } from "@/components/admin/console-section";
import { DisqualificationNote } from "@/components/admin/disqualification";
import { SIGNAL_TERMS } from "@/components/admin/farm-signals";
import { formatCount, formatPercent, formatTime } from "@/components/admin/format";
import { ModerationAction } from "@/components/admin/moderation-actions";
import { QuestLedger } from "@/components/admin/quest-ledger";
import { WalletCells, WalletHeadCells, WalletLink } from "@/components/admin/wallet-link";
import { TASK_TITLES } from "@/components/tasks/task-titles";
import { buttonClass } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { WalletAvatar } from "@/components/wallet/wallet-avatar";
import type { AdminWallet, PeriodChoice } from "@/lib/contract/admin-schemas";
import type { ReferrerSignalsJson } from "@/lib/contract/signals-schemas";
import { SOCIAL_TASK_IDS } from "@/lib/domain/tasks";

/** The lookup form, a GET of this page so it works without JavaScript, and the report of the wallet asked for. */
export function WalletLookup({
  period,
  input,
  error,
  report,
  signals,
}: {
  period: PeriodChoice;
  /** What the form was sent with, shown again. */
  input: string;
  /** Why the input is not a lookup (the API's 400 text). */
  error: string | null;
  report: AdminWallet | null;
  /** The looked-up wallet's farm signals, read with its report. */
  signals: ReferrerSignalsJson | null;
}) {
  return (
    <ConsoleSection id="wallet-lookup" title="Wallet lookup" description="One wallet's fields, tasks, referrer, rank and referees.">
      <form method="get" action="/admin#wallet-lookup" role="search" className="px-4 sm:px-6">
        <input type="hidden" name="period" value={period} />
        <label htmlFor="lookup-wallet" className="text-sm font-medium">
          Wallet address
        </label>
        <div className="mt-1.5 flex flex-col gap-2 sm:flex-row">
          <input
            id="lookup-wallet"
            name="wallet"
            defaultValue={input}
            required
            placeholder="0x…"
            spellCheck={false}
            autoComplete="off"
            autoCapitalize="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "lookup-error" : undefined}
            className={`${fieldClass} font-mono`}
          />
          <button type="submit" className={buttonClass({ className: "shrink-0" })}>
            Look up
          </button>
        </div>
        {error && (
          <p id="lookup-error" role="alert" data-testid="wallet-lookup-error" className="mt-2 text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        )}
      </form>
      {report && signals ? <WalletReport report={report} signals={signals} period={period} /> : <div className="pb-6" />}
    </ConsoleSection>
  );
}

function WalletReport({ report, signals, period }: { report: AdminWallet; signals: ReferrerSignalsJson; period: PeriodChoice }) {
  return (
    <div data-testid="wallet-report" data-wallet={report.wallet} className="mt-6 border-t border-zinc-100 pt-5 dark:border-zinc-800">
      {/* The action takes a line of its own on phones, where the address needs the width. */}
      <div className="flex flex-wrap items-center gap-3 px-4 sm:flex-nowrap sm:px-6">
        <div className="flex min-w-0 grow items-center gap-3">
          <WalletAvatar wallet={report.wallet} className="size-10" />
          <p className="min-w-0 font-mono text-sm font-medium break-all">{report.wallet}</p>
          <CopyButton
            text={report.wallet}
            label="Copy wallet address"
            className="grid size-9 shrink-0 place-items-center rounded-lg text-zinc-500 hover:bg-zinc-100 hover:text-zinc-700 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-200"
          />
        </div>
        <div className="shrink-0">
          <ModerationAction wallet={report.wallet} disqualified={report.disqualification !== null} referees={report.referees.total} />
        </div>
      </div>
      {report.disqualification && <DisqualificationNote disqualification={report.disqualification} period={period} />}
      {!report.known && (
        <p data-testid="wallet-unknown" className="mx-4 mt-4 rounded-2xl bg-amber-50 p-3 text-sm text-amber-900 sm:mx-6 dark:bg-amber-950/50 dark:text-amber-200">
          No record of this wallet: it has not connected, been referred or completed a task.
        </p>
      )}
      <dl className="mt-5 grid grid-cols-2 gap-x-4 gap-y-4 px-4 sm:grid-cols-3 sm:px-6 lg:grid-cols-6">
        <Field label="Referrer" testId="report-referrer">
          {report.referrer ? <WalletLink wallet={report.referrer} period={period} /> : <span className="text-zinc-500 dark:text-zinc-400">None</span>}
        </Field>
        <Field label="Referrals" testId="report-referralsCount" value={report.referralsCount}>
          {formatCount(report.referralsCount)}
        </Field>
        <Field label="Score" testId="report-score" value={report.score}>
          {formatCount(report.score)}
        </Field>
        <Field label="Rewards" testId="report-rewards" value={report.rewards}>
          {formatCount(report.rewards)}
        </Field>
        <Field label="Rank" testId="report-rank" value={report.rank}>
          {report.rank > 0 ? `#${formatCount(report.rank)}` : "Not ranked"}
        </Field>
        <Field label="Ref code" testId="report-refCode">
          <span className="font-mono">{report.refCode}</span>
        </Field>
      </dl>
      <SignalsEvidence signals={signals} freshReferees={report.freshReferees} />
      <h3 className={subheading}>Tasks</h3>
      <ul className={lines}>
        <TaskLine task="daily_checkin" done={report.checkInLast !== null}>
          {report.checkInLast === null ? "Never" : `Last ${formatTime(report.checkInLast)}`}
        </TaskLine>
        {SOCIAL_TASK_IDS.map((id) => {
          const at = report.socialTasks[id];
          return (
            <TaskLine key={id} task={id} done={at !== null}>
              {at === null ? "Not done" : formatTime(at)}
            </TaskLine>
          );
        })}
        <TaskLine task="nft_mint" done={report.nftMint}>
          {report.nftMint ? "Verified" : "Not verified"}
        </TaskLine>
      </ul>
      {report.questLedger && <QuestLedger ledger={report.questLedger} />}
      <Referees report={report} period={period} />
    </div>
  );
}

const subheading = "mt-6 px-4 text-xs font-semibold tracking-wider text-zinc-500 uppercase sm:px-6 dark:text-zinc-400";
const lines = `mt-2 px-4 sm:px-6 ${bodyRows}`;
const dim = "text-zinc-500 dark:text-zinc-400";

/** The evidence behind the wallet's place in Farm signals, and what the chain says of its referees. */
function SignalsEvidence({ signals, freshReferees }: { signals: ReferrerSignalsJson; freshReferees: AdminWallet["freshReferees"] }) {
  const idle = signals.referrals - signals.activeReferees;
  const evidence = [
    { key: "suspicion", value: formatCount(signals.suspicion) },
    { key: "burst", value: formatCount(signals.burst) },
    { key: "quickReferees", value: formatCount(signals.quickReferees) },
    { key: "idleShare", value: `${formatCount(idle)} (${formatPercent(signals.idleShare)})` },
    { key: "cycles", value: formatCount(signals.cycles) },
  ] as const;
  return (
    <div data-testid="wallet-signals" data-suspicion={signals.suspicion}>
      <h3 className={subheading}>Farm signals</h3>
      <ul className={lines}>
        {signals.referrals === 0 ? (
          <li className={`py-2.5 text-sm ${dim}`}>No referrals, so no signals.</li>
        ) : (
          evidence.map(({ key, value }) => (
            // No wrap: the figure stays beside its label while the meaning wraps under the label.
            <li key={key} data-testid={`evidence-${key}`} data-value={signals[key] ?? ""} className="flex items-baseline justify-between gap-x-4 py-2.5 text-sm">
              <span className="min-w-0">
                <span className="font-medium">{SIGNAL_TERMS[key].label}</span>
                <span className={`block text-xs ${dim}`}>{SIGNAL_TERMS[key].means}</span>
              </span>
              <span className="shrink-0 font-semibold tabular-nums">{value}</span>
            </li>
          ))
        )}
        {freshReferees && <FreshReferees {...freshReferees} />}
      </ul>
    </div>
  );
}

/** A read of the chain that failed says so: it is evidence missing, not evidence of none. */
function FreshReferees({ checked, fresh }: NonNullable<AdminWallet["freshReferees"]>) {
  return (
    <li data-testid="fresh-referees" data-checked={checked} data-fresh={fresh ?? ""} className={`py-2.5 text-sm ${fresh === null ? "text-amber-700 dark:text-amber-300" : ""}`}>
      {fresh === null
        ? "Couldn't read the chain to count fresh referees."
        : `${formatCount(fresh)} of ${formatCount(checked)} ${checked === 1 ? "referee" : "referees"} on this page ${fresh === 1 ? "looks" : "look"} fresh on the chain: no transaction, no balance`}
    </li>
  );
}

function Field({ label, testId, value, children }: { label: string; testId: string; value?: number; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd data-testid={testId} data-value={value} className="mt-1 text-base font-semibold tabular-nums">
        {children}
      </dd>
    </div>
  );
}

function TaskLine({ task, done, children }: { task: keyof typeof TASK_TITLES; done: boolean; children: ReactNode }) {
  return (
    <li data-testid={`report-task-${task}`} data-done={done} className="flex flex-wrap items-baseline justify-between gap-x-4 py-2.5 text-sm">
      <span className="font-medium">{TASK_TITLES[task]}</span>
      <span className={done ? "tabular-nums" : dim}>{children}</span>
    </li>
  );
}

/** One page of the wallet's referees, newest first, with links to the pages beside it. */
function Referees({ report, period }: { report: AdminWallet; period: PeriodChoice }) {
  const { total, offset, limit, items } = report.referees;
  const page = (to: number) => consoleHref({ period, lookup: { wallet: report.wallet, offset: to } });
  const paged = offset > 0 || offset + limit < total;
  return (
    <div className="mt-6">
      <div className="flex flex-wrap items-center justify-between gap-3 px-4 sm:px-6">
        <h3 className="text-xs font-semibold tracking-wider text-zinc-500 uppercase dark:text-zinc-400">
          Referees <span data-testid="referees-total">{formatCount(total)}</span>
        </h3>
        {items.length > 0 && <DownloadCsv href={refereesCsvHref(report.wallet, offset)} />}
      </div>
      <div className="mt-3">
        <ConsoleTable caption="Referees of this wallet, with when each was referred (UTC)">
          <thead>
            <tr className={headRow}>
              <WalletHeadCells />
              <th scope="col" className={`${numberCell} ${lastCell}`}>
                Referred
              </th>
            </tr>
          </thead>
          <tbody className={bodyRows}>
            {items.length === 0 ? (
              <EmptyRow columns={3}>{total === 0 ? "No referees yet." : "No referees on this page."}</EmptyRow>
            ) : (
              items.map((r, i) => (
                <tr key={r.wallet} data-testid="referee-row" data-wallet={r.wallet} className="h-12">
                  <WalletCells position={offset + i + 1} wallet={r.wallet} period={period} />
                  {/* Wraps on phones: the time is the column that can. */}
                  <td className={`px-3 text-right tabular-nums ${lastCell}`}>{formatTime(r.referredAt)}</td>
                </tr>
              ))
            )}
          </tbody>
        </ConsoleTable>
      </div>
      {paged ? (
        <nav aria-label="Referee pages" className="flex flex-wrap items-center justify-between gap-3 px-4 py-4 sm:px-6">
          <p className="text-sm text-zinc-600 tabular-nums dark:text-zinc-400">
            {items.length > 0 ? `${formatCount(offset + 1)}–${formatCount(offset + items.length)} of ${formatCount(total)}` : `${formatCount(total)} in all`}
          </p>
          <div className="flex gap-2">
            {offset > 0 && (
              <Link href={page(Math.max(0, offset - limit))} className={buttonClass({ variant: "secondary", size: "sm" })} data-testid="referees-previous">
                Previous {limit}
              </Link>
            )}
            {offset + limit < total && (
              <Link href={page(offset + limit)} className={buttonClass({ variant: "secondary", size: "sm" })} data-testid="referees-next">
                Next {limit}
              </Link>
            )}
          </div>
        </nav>
      ) : (
        <div className="pb-2" />
      )}
    </div>
  );
}

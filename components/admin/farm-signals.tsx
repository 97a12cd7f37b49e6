import { signalsCsvHref } from "@/components/admin/console-links";
import { ConsoleSection, Narrow } from "@/components/admin/console-section";
import { formatCount } from "@/components/admin/format";
import { WalletTable, type NumberColumn } from "@/components/admin/wallet-table";
import type { AdminSignals, ReferrerSignalsJson } from "@/lib/contract/signals-schemas";
import { BURST_WINDOW_SECONDS, MAX_SIGNALS_PAGE, QUICK_SECONDS, suspicionFormula } from "@/lib/domain/signals";
import type { PeriodChoice } from "@/lib/contract/admin-schemas";

/**
 * What each signal counts, in the README's words; the table's legend and the lookup's evidence both
 * read them here, with the windows and the weights from the domain so they never disagree with it.
 */
export const SIGNAL_TERMS = {
  suspicion: { label: "Suspicion", means: suspicionFormula() },
  burst: { label: "Burst", means: `the most referrals within any ${BURST_WINDOW_SECONDS / 60} minutes` },
  quickReferees: { label: "Quick referees", means: `bound within ${QUICK_SECONDS} s of the referrer's previous referral` },
  idleShare: { label: "Idle", means: "referees that never checked in, completed a task or verified nft_mint after binding" },
  cycles: { label: "Loops", means: "referrals that closed a loop of two or three wallets (A refers B, then B refers A)" },
} as const;

const COLUMNS: readonly NumberColumn<ReferrerSignalsJson>[] = [
  { key: "suspicion", head: SIGNAL_TERMS.suspicion.label, strong: true },
  { key: "referrals", head: "Referrals" },
  { key: "burst", head: SIGNAL_TERMS.burst.label },
  { key: "quickReferees", head: <Narrow short="Quick" full={SIGNAL_TERMS.quickReferees.label} /> },
  { key: "idleShare", head: SIGNAL_TERMS.idleShare.label, percent: true },
  { key: "cycles", head: SIGNAL_TERMS.cycles.label },
];

/** The referrers that look most like farms, with the evidence an admin needs to decide, and the decision itself. */
export function FarmSignals({ signals, period }: { signals: AdminSignals; period: PeriodChoice }) {
  const { total, referrers } = signals;
  return (
    <ConsoleSection
      id="farm-signals"
      title="Farm signals"
      description={`Referrers by suspicion, highest first: ${SIGNAL_TERMS.suspicion.means}. Signals flag, an admin decides.`}
      csvHref={signalsCsvHref}
    >
      <WalletTable
        caption="Farm signals: referrers by suspicion, with their referrals, burst, quick referees, idle share and loops, and whether each is disqualified"
        minWidth="min-w-[44rem]"
        columns={COLUMNS}
        rows={referrers}
        rowTestId="signals-row"
        period={period}
        refereesOf={(r) => r.referrals}
        empty="No referrals yet: nothing to rank."
      />
      <SignalsLegend listed={referrers.length} total={total} />
    </ConsoleSection>
  );
}

/** The columns' meanings under the table, where a phone shows them too (a header's title would not). */
function SignalsLegend({ listed, total }: { listed: number; total: number }) {
  const terms = [SIGNAL_TERMS.burst, SIGNAL_TERMS.quickReferees, SIGNAL_TERMS.idleShare, SIGNAL_TERMS.cycles];
  return (
    <div className="border-t border-zinc-100 px-4 py-4 text-xs text-zinc-600 sm:px-6 dark:border-zinc-800 dark:text-zinc-400">
      <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-2">
        {terms.map((term) => (
          <div key={term.label}>
            <dt className="inline font-semibold text-zinc-700 dark:text-zinc-300">{term.label}:</dt> <dd className="inline">{term.means}</dd>
          </div>
        ))}
      </dl>
      {total > listed && (
        <p data-testid="signals-total" className="mt-2">
          The top {formatCount(listed)} of {formatCount(total)} referrers with signals; the CSV has the top {formatCount(MAX_SIGNALS_PAGE)}.
        </p>
      )}
    </div>
  );
}

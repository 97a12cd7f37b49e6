import { formatAdmin, formatTime } from "@/components/admin/format";
import { WalletLink } from "@/components/admin/wallet-link";
import type { AdminWallet, PeriodChoice } from "@/lib/contract/admin-schemas";

/** Marks a wallet that is off the leaderboard and the payout. */
export function DisqualifiedBadge() {
  return (
    <span
      data-testid="disqualified-badge"
      className="inline-flex shrink-0 items-center rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-red-700 ring-1 ring-red-200 ring-inset dark:bg-red-950/60 dark:text-red-300 dark:ring-red-900"
    >
      Disqualified
    </span>
  );
}

/** The lookup's account of a disqualification: when, by whom, why, and through which referrer's cascade. */
export function DisqualificationNote({ disqualification, period }: { disqualification: NonNullable<AdminWallet["disqualification"]>; period: PeriodChoice }) {
  const { reason, at, admin, via } = disqualification;
  return (
    <div data-testid="disqualification" className="mx-4 mt-4 rounded-2xl bg-red-50 p-3 text-sm text-red-950 sm:mx-6 dark:bg-red-950/40 dark:text-red-100">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <DisqualifiedBadge />
        <span className="tabular-nums">
          {formatTime(at)} by <span className="font-mono">{formatAdmin(admin)}</span>
        </span>
      </p>
      <p data-testid="disqualification-reason" className="mt-2 break-words">
        {reason}
      </p>
      {via && (
        <div className="mt-2 flex flex-wrap items-center gap-x-1.5 gap-y-1 text-red-900/80 dark:text-red-200/80">
          With the referees of
          <WalletLink wallet={via} period={period} />
        </div>
      )}
    </div>
  );
}

import { ConsoleTable, EmptyRow, bodyRows, headRow, lastCell, numberCell } from "@/components/admin/console-section";
import { DisqualifiedBadge } from "@/components/admin/disqualification";
import { formatCount, formatPercent } from "@/components/admin/format";
import { ModerationAction } from "@/components/admin/moderation-actions";
import { WalletCells, WalletHeadCells } from "@/components/admin/wallet-link";
import type { AdminReferrers } from "@/lib/contract/admin-schemas";
import type { PeriodChoice } from "@/lib/services/campaign";

const COLUMNS = [
  { key: "referrals", label: "Referrals" },
  { key: "referralsAllTime", label: "All time" },
  { key: "visits", label: "Visits" },
  { key: "uniqueVisitors", label: "Unique" },
] as const;

/** The period's top referrers: who brought whom, how their links convert, and which are disqualified. */
export function ReferrersTable({ referrers, period }: { referrers: AdminReferrers["referrers"]; period: PeriodChoice }) {
  return (
    <ConsoleTable caption="Top referrers of the period: referrals, all-time referrals, link visits, unique visitors, conversion, and whether each is disqualified" minWidth="min-w-[36rem]">
      <thead>
        <tr className={headRow}>
          <WalletHeadCells />
          {COLUMNS.map((c) => (
            <th key={c.key} scope="col" className={numberCell}>
              {c.label}
            </th>
          ))}
          <th scope="col" className={numberCell}>
            Conversion
          </th>
          <th scope="col" className={lastCell}>
            <span className="sr-only">Disqualify or reinstate</span>
          </th>
        </tr>
      </thead>
      <tbody className={bodyRows}>
        {referrers.length === 0 ? (
          <EmptyRow columns={COLUMNS.length + 4}>No referrals in this period.</EmptyRow>
        ) : (
          referrers.map((r, i) => (
            <tr key={r.wallet} data-testid="referrer-row" data-wallet={r.wallet} data-disqualified={r.disqualified} className="h-12">
              <WalletCells position={i + 1} wallet={r.wallet} period={period}>
                {r.disqualified && <DisqualifiedBadge />}
              </WalletCells>
              {COLUMNS.map((c) => (
                <td key={c.key} data-testid={c.key} data-value={r[c.key]} className={`${numberCell} ${c.key === "referrals" ? "font-bold" : ""}`}>
                  {formatCount(r[c.key])}
                </td>
              ))}
              <td data-testid="conversion" data-value={r.conversion ?? ""} className={numberCell}>
                {formatPercent(r.conversion)}
              </td>
              <td className={`py-1.5 pl-3 text-right ${lastCell}`}>
                <ModerationAction wallet={r.wallet} disqualified={r.disqualified} referees={r.referralsAllTime} />
              </td>
            </tr>
          ))
        )}
      </tbody>
    </ConsoleTable>
  );
}

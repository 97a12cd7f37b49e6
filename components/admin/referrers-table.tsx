import { ConsoleTable, EmptyRow, bodyRows, headRow, lastCell, numberCell } from "@/components/admin/console-section";
import { formatCount, formatPercent } from "@/components/admin/format";
import { WalletCells, WalletHeadCells } from "@/components/admin/wallet-link";
import type { AdminReferrers } from "@/lib/contract/admin-schemas";
import type { PeriodChoice } from "@/lib/services/campaign";

const COLUMNS = [
  { key: "referrals", label: "Referrals" },
  { key: "referralsAllTime", label: "All time" },
  { key: "visits", label: "Visits" },
  { key: "uniqueVisitors", label: "Unique" },
] as const;

/** The period's top referrers: who brought whom, and how their links convert. */
export function ReferrersTable({ referrers, period }: { referrers: AdminReferrers["referrers"]; period: PeriodChoice }) {
  return (
    <ConsoleTable caption="Top referrers of the period: referrals, all-time referrals, link visits, unique visitors and conversion" minWidth="min-w-[36rem]">
      <thead>
        <tr className={headRow}>
          <WalletHeadCells />
          {COLUMNS.map((c) => (
            <th key={c.key} scope="col" className={numberCell}>
              {c.label}
            </th>
          ))}
          <th scope="col" className={`${numberCell} ${lastCell}`}>
            Conversion
          </th>
        </tr>
      </thead>
      <tbody className={bodyRows}>
        {referrers.length === 0 ? (
          <EmptyRow columns={COLUMNS.length + 3}>No referrals in this period.</EmptyRow>
        ) : (
          referrers.map((r, i) => (
            <tr key={r.wallet} data-testid="referrer-row" data-wallet={r.wallet} className="h-12">
              <WalletCells position={i + 1} wallet={r.wallet} period={period} />
              {COLUMNS.map((c) => (
                <td key={c.key} data-testid={c.key} data-value={r[c.key]} className={`${numberCell} ${c.key === "referrals" ? "font-bold" : ""}`}>
                  {formatCount(r[c.key])}
                </td>
              ))}
              <td data-testid="conversion" data-value={r.conversion ?? ""} className={`${numberCell} ${lastCell}`}>
                {formatPercent(r.conversion)}
              </td>
            </tr>
          ))
        )}
      </tbody>
    </ConsoleTable>
  );
}

import type { ReactNode } from "react";
import { ConsoleTable, EmptyRow, bodyRows, headRow, lastCell, numberCell } from "@/components/admin/console-section";
import { DisqualifiedBadge } from "@/components/admin/disqualification";
import { formatCount, formatPercent } from "@/components/admin/format";
import { ModerationAction } from "@/components/admin/moderation-actions";
import { WalletCells, WalletHeadCells } from "@/components/admin/wallet-link";
import type { PeriodChoice } from "@/lib/contract/admin-schemas";

/**
 * The action column stays at the card's right edge: on a phone the numbers scroll under it, so
 * Disqualify is in view without scrolling the table. Opaque, in the colours the row and the header
 * show over the card; below md, where a table can be wider than its card, a shadow marks the edge.
 */
const actionEdge = "sticky right-0 max-md:shadow-[-12px_0_12px_-12px_rgb(0_0_0/0.25)]";
const actionHead = `${actionEdge} bg-[color-mix(in_oklab,var(--color-zinc-50)_80%,white)] dark:bg-[color-mix(in_oklab,var(--color-zinc-950)_40%,var(--color-zinc-900))]`;
const actionCell = `${actionEdge} bg-white dark:bg-zinc-900`;

interface WalletRow {
  wallet: string;
  disqualified: boolean;
}

/** The fields of a row that hold a number (or none, as a conversion without visitors). */
type NumberKey<Row> = { [K in keyof Row]: Row[K] extends number | null ? K : never }[keyof Row] & string;

export interface NumberColumn<Row> {
  /** The API's field, which is also the cell's test id. */
  key: NumberKey<Row>;
  head: ReactNode;
  /** A fraction shown as a percentage, rather than a count. */
  percent?: boolean;
  /** The column the table is ordered by. */
  strong?: boolean;
}

/**
 * A table of wallets an admin may act on: position, wallet (with its Disqualified badge), number
 * columns, and Disqualify or Reinstate; the tables of referrers and of farm signals are both one.
 */
export function WalletTable<Row extends WalletRow>({
  caption,
  minWidth,
  columns,
  rows,
  rowTestId,
  period,
  refereesOf,
  empty,
}: {
  caption: string;
  minWidth: string;
  columns: readonly NumberColumn<Row>[];
  rows: readonly Row[];
  rowTestId: string;
  period: PeriodChoice;
  /** How many referees a cascade would take with the row's wallet. */
  refereesOf(row: Row): number;
  empty: ReactNode;
}) {
  return (
    <ConsoleTable caption={caption} minWidth={minWidth}>
      <thead>
        <tr className={headRow}>
          <WalletHeadCells />
          {columns.map((c) => (
            <th key={c.key} scope="col" className={numberCell}>
              {c.head}
            </th>
          ))}
          <th scope="col" className={`${actionHead} ${lastCell}`}>
            <span className="sr-only">Disqualify or reinstate</span>
          </th>
        </tr>
      </thead>
      <tbody className={bodyRows}>
        {rows.length === 0 ? (
          <EmptyRow columns={columns.length + 3}>{empty}</EmptyRow>
        ) : (
          rows.map((r, i) => (
            <tr key={r.wallet} data-testid={rowTestId} data-wallet={r.wallet} data-disqualified={r.disqualified} className="h-12">
              <WalletCells position={i + 1} wallet={r.wallet} period={period}>
                {r.disqualified && <DisqualifiedBadge />}
              </WalletCells>
              {columns.map((c) => {
                // NumberKey guarantees it; TypeScript cannot follow a mapped key through a generic row.
                const value = r[c.key] as number | null;
                return (
                  <td key={c.key} data-testid={c.key} data-value={value ?? ""} className={`${numberCell} ${c.strong ? "font-bold" : ""}`}>
                    {c.percent ? formatPercent(value) : formatCount(value ?? 0)}
                  </td>
                );
              })}
              <td className={`py-1.5 pl-3 text-right ${actionCell} ${lastCell}`}>
                <ModerationAction wallet={r.wallet} disqualified={r.disqualified} referees={refereesOf(r)} />
              </td>
            </tr>
          ))
        )}
      </tbody>
    </ConsoleTable>
  );
}

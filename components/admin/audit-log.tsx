import { auditCsvHref, banListHref } from "@/components/admin/console-links";
import { ConsoleSection, ConsoleTable, DownloadLink, EmptyRow, bodyRows, firstCell, headRow, lastCell, numberCell } from "@/components/admin/console-section";
import { formatAdmin, formatCount, formatTime } from "@/components/admin/format";
import { WalletLink } from "@/components/admin/wallet-link";
import type { AdminAudit } from "@/lib/contract/moderation-schemas";
import { MAX_AUDIT_PAGE, type AuditAction } from "@/lib/domain/moderation";
import type { PeriodChoice } from "@/lib/contract/admin-schemas";

/** Entries the console lists; the CSV holds more. */
export const AUDIT_LOG_ENTRIES = 20;

const ACTION_LABELS: Record<AuditAction, string> = { disqualify: "Disqualify", reinstate: "Reinstate", "import-ban-list": "Import ban list", "payout-plan": "Payout plan", "payout-distributor": "Payout distributor" };

const textCell = "px-3 text-left";
const TEXT_COLUMNS = ["Admin", "Action", "Wallet", "Reason"] as const;

/** The newest admin actions: who did what to which wallet, and why. */
export function AuditLog({ audit, period }: { audit: AdminAudit; period: PeriodChoice }) {
  const { total, entries } = audit;
  return (
    <ConsoleSection
      id="audit-log"
      title="Audit log"
      description={
        total > entries.length
          ? `Admin actions, newest first: the latest ${formatCount(entries.length)} of ${formatCount(total)}; the CSV has the latest ${formatCount(MAX_AUDIT_PAGE)}.`
          : "Admin actions, newest first."
      }
      csvHref={auditCsvHref}
      downloads={
        <DownloadLink href={banListHref} testId="download-ban-list">
          Download ban list
        </DownloadLink>
      }
    >
      <ConsoleTable caption="Audit log: when, which admin, the action, its wallet, reason and cascade, and how many wallets it changed" minWidth="min-w-[48rem]">
        <thead>
          <tr className={headRow}>
            <th scope="col" className={`text-left ${firstCell}`}>
              When
            </th>
            {TEXT_COLUMNS.map((label) => (
              <th key={label} scope="col" className={textCell}>
                {label}
              </th>
            ))}
            <th scope="col" className={numberCell}>
              Cascade
            </th>
            <th scope="col" className={`${numberCell} ${lastCell}`}>
              Wallets changed
            </th>
          </tr>
        </thead>
        <tbody className={bodyRows}>
          {entries.length === 0 ? (
            <EmptyRow columns={7}>No admin actions yet.</EmptyRow>
          ) : (
            entries.map((e) => (
              <tr key={e.id} data-testid="audit-row" data-action={e.action} data-wallet={e.wallet ?? ""} className="h-12">
                <td className={`whitespace-nowrap tabular-nums ${firstCell}`}>{formatTime(e.at)}</td>
                <td data-testid="audit-admin" className={`font-mono text-[13px] whitespace-nowrap ${textCell}`}>
                  {formatAdmin(e.admin)}
                </td>
                <td className={`font-medium whitespace-nowrap ${textCell}`}>{ACTION_LABELS[e.action]}</td>
                <td className={textCell}>{e.wallet ? <WalletLink wallet={e.wallet} period={period} /> : "–"}</td>
                <td data-testid="audit-reason" className={`max-w-80 py-2 break-words ${textCell}`}>
                  {e.reason ?? "–"}
                </td>
                <td data-testid="audit-cascade" data-value={e.cascade} className={numberCell}>
                  {e.cascade ? "Yes" : "No"}
                </td>
                <td data-testid="audit-wallets" data-value={e.wallets} className={`${numberCell} ${lastCell} font-bold`}>
                  {formatCount(e.wallets)}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </ConsoleTable>
    </ConsoleSection>
  );
}

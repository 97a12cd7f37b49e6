import { WalletTable, type NumberColumn } from "@/components/admin/wallet-table";
import type { AdminReferrers, PeriodChoice } from "@/lib/contract/admin-schemas";

type Referrer = AdminReferrers["referrers"][number];

const COLUMNS: readonly NumberColumn<Referrer>[] = [
  { key: "referrals", head: "Referrals", strong: true },
  { key: "referralsAllTime", head: "All time" },
  { key: "visits", head: "Visits" },
  { key: "uniqueVisitors", head: "Unique" },
  { key: "conversion", head: "Conversion", percent: true },
];

/** The period's top referrers: who brought whom, how their links convert, and which are disqualified. */
export function ReferrersTable({ referrers, period }: { referrers: AdminReferrers["referrers"]; period: PeriodChoice }) {
  return (
    <WalletTable
      caption="Top referrers of the period: referrals, all-time referrals, link visits, unique visitors, conversion, and whether each is disqualified"
      minWidth="min-w-[36rem]"
      columns={COLUMNS}
      rows={referrers}
      rowTestId="referrer-row"
      period={period}
      // A cascade takes every referee the wallet ever brought, not only the period's.
      refereesOf={(r) => r.referralsAllTime}
      empty="No referrals in this period."
    />
  );
}

import Link from "next/link";
import { AuditLog } from "@/components/admin/audit-log";
import { SignOutButton } from "@/components/admin/console-access";
import { consoleHref, referrersCsvHref, statsCsvHref, type ConsoleView } from "@/components/admin/console-links";
import { ConsoleSection } from "@/components/admin/console-section";
import { DailyChart } from "@/components/admin/daily-chart";
import { FarmSignals } from "@/components/admin/farm-signals";
import { formatDay } from "@/components/admin/format";
import { Funnel } from "@/components/admin/funnel";
import { NotificationsPanel } from "@/components/admin/notifications-panel";
import { PayoutsPanel } from "@/components/admin/payouts-panel";
import { QuestsPanel } from "@/components/admin/quests-panel";
import { ReferrersTable } from "@/components/admin/referrers-table";
import { SetupChecklist } from "@/components/admin/setup-checklist";
import { StatTiles } from "@/components/admin/stat-tiles";
import { TasksTable } from "@/components/admin/tasks-table";
import { WalletLookup } from "@/components/admin/wallet-lookup";
import { WebhooksPanel } from "@/components/admin/webhooks-panel";
import { DEFAULT_TOP_REFERRERS, type AdminReferrers, type AdminStats, type AdminWallet, type PeriodChoice } from "@/lib/contract/admin-schemas";
import type { AdminAudit } from "@/lib/contract/moderation-schemas";
import type { AdminNotificationsResponse } from "@/lib/contract/notification-schemas";
import type { AdminSignals, ReferrerSignalsJson } from "@/lib/contract/signals-schemas";
import type { SetupItem } from "@/lib/domain/setup-checklist";
import { shortWallet } from "@/lib/domain/wallet";

const PERIOD_LABELS: Record<PeriodChoice, string> = { "7": "7 days", "30": "30 days", "90": "90 days", all: "All time" };

/** The console of a signed-in admin: what the deployment still lacks, one period's figures, tasks, the quest catalog, payouts, webhooks, notifications, farm signals, top referrers, the wallet lookup and the audit log. */
export function CampaignConsole({
  admin,
  view,
  setup,
  stats,
  referrers,
  report,
  reportSignals,
  signals,
  notifications,
  audit,
  lookupInput,
  lookupError,
}: {
  admin: string;
  view: ConsoleView;
  setup: SetupItem[];
  stats: AdminStats;
  referrers: AdminReferrers["referrers"];
  report: AdminWallet | null;
  /** The looked-up wallet's own farm signals. */
  reportSignals: ReferrerSignalsJson | null;
  signals: AdminSignals;
  notifications: AdminNotificationsResponse;
  audit: AdminAudit;
  lookupInput: string;
  lookupError: string | null;
}) {
  const { period } = stats;
  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Campaign console</h1>
          <p className="mt-1 text-zinc-600 dark:text-zinc-400">
            {period.days > 0 ? `${formatDay(period.from)} – ${formatDay(period.to)}, UTC days` : "No days counted yet"}
          </p>
        </div>
        <div className="flex items-center gap-3">
          <span className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="console-admin">
            Signed in as <span className="font-mono">{shortWallet(admin)}</span>
          </span>
          <SignOutButton />
        </div>
      </div>

      <SetupChecklist items={setup} />

      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <PeriodChooser view={view} />
        <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="counting-since">
          {stats.countingSince ? `Counting since ${formatDay(stats.countingSince)}` : "Counters start with the first visit or wallet"}
        </p>
      </div>

      <StatTiles stats={stats} />

      <ConsoleSection id="daily" title="Day by day" description="Visits, unique visitors, new wallets, referrals and check-ins per UTC day." csvHref={statsCsvHref(period, "days")}>
        <DailyChart days={stats.days} />
      </ConsoleSection>

      <div className="grid gap-x-6 lg:grid-cols-2">
        <ConsoleSection id="funnel" title="Funnel" description="From a referral link's visitors to bound referrals." csvHref={statsCsvHref(period, "funnel")}>
          <Funnel funnel={stats.funnel} />
        </ConsoleSection>
        <ConsoleSection id="tasks" title="Tasks" description="Completions in the period (social tasks once per wallet, check-ins once a day), and per new wallet." csvHref={statsCsvHref(period, "tasks")}>
          <TasksTable tasks={stats.tasks} />
        </ConsoleSection>
      </div>

      <QuestsPanel />

      <PayoutsPanel />

      <WebhooksPanel />

      <NotificationsPanel notifications={notifications} />

      <FarmSignals signals={signals} period={view.period} />

      <ConsoleSection
        id="referrers"
        title="Top referrers"
        description={`The ${DEFAULT_TOP_REFERRERS} with the most referrals in the period, disqualified ones included; a wallet opens its lookup.`}
        csvHref={referrersCsvHref(period)}
      >
        <ReferrersTable referrers={referrers} period={view.period} />
      </ConsoleSection>

      <WalletLookup period={view.period} input={lookupInput} error={lookupError} report={report} signals={reportSignals} />

      <AuditLog audit={audit} period={view.period} />
    </div>
  );
}

/** Links, not buttons: each period is a URL, which works without JavaScript and can be shared. */
function PeriodChooser({ view }: { view: ConsoleView }) {
  return (
    <nav aria-label="Period" className="inline-flex rounded-xl bg-zinc-100 p-1 dark:bg-zinc-800/80">
      {(Object.keys(PERIOD_LABELS) as PeriodChoice[]).map((choice) => {
        const current = choice === view.period;
        return (
          <Link
            key={choice}
            href={consoleHref({ ...view, period: choice })}
            aria-current={current ? "page" : undefined}
            data-testid={`period-${choice}`}
            className={`rounded-lg px-3 py-1.5 text-sm font-semibold whitespace-nowrap transition ${
              current
                ? "bg-white text-zinc-900 shadow-sm dark:bg-zinc-950 dark:text-zinc-100"
                : "text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100"
            }`}
          >
            {PERIOD_LABELS[choice]}
          </Link>
        );
      })}
    </nav>
  );
}

import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { AUDIT_LOG_ENTRIES } from "@/components/admin/audit-log";
import { CampaignConsole } from "@/components/admin/campaign-console";
import { NotAdminPanel, SignInPanel } from "@/components/admin/console-access";
import { adminEnabled, adminWallet, logConsoleView } from "@/lib/auth/admin";
import { config, headersConfig, publicOriginsConfig, siteConfig } from "@/lib/config";
import { adminWalletQuery, PERIOD_CHOICES, type PeriodChoice } from "@/lib/contract/admin-schemas";
import { ApiError } from "@/lib/contract/errors";
import { DEFAULT_SIGNALS_PAGE } from "@/lib/contract/signals-schemas";
import { utcDay } from "@/lib/domain/analytics";
import { publicOrigin } from "@/lib/domain/public-origin";
import { setupChecklist } from "@/lib/domain/setup-checklist";
import type { Wallet } from "@/lib/domain/wallet";
import { parseInput } from "@/lib/http/handle";
import { consolePeriod, getConsole } from "@/lib/services/campaign";
import { deps } from "@/lib/services/context";
import { getAuditPage } from "@/lib/services/moderation";
import { getNotificationStats } from "@/lib/services/notifications";
import { getSignalsPage, getWalletSignals } from "@/lib/services/signals";

/**
 * With the console off, the 404's own metadata: a static title here would still reach the page in
 * its payload, and replace the 404's once the page hydrates.
 */
export function generateMetadata(): Metadata {
  if (!adminEnabled()) notFound();
  return { title: "Campaign console", robots: { index: false, follow: false } };
}
// Per admin and live: rendered on every request, never at build time.
export const dynamic = "force-dynamic";

type SearchParams = Record<string, string | string[] | undefined>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** ?period=7|30|90|all; anything else is the default, 30 days. */
function periodChoiceOf(params: SearchParams): PeriodChoice {
  const value = first(params.period);
  return PERIOD_CHOICES.find((choice) => choice === value) ?? "30";
}

/** ?wallet= (and ?offset=) as GET /api/admin/wallet reads them; a bad one is the form's inline error. */
function lookupOf(params: SearchParams): { lookup: { wallet: Wallet; offset: number } | null; input: string; error: string | null } {
  const input = first(params.wallet);
  if (input === undefined) return { lookup: null, input: "", error: null };
  try {
    const { wallet, offset } = parseInput(adminWalletQuery, { wallet: input, offset: first(params.offset) });
    return { lookup: { wallet, offset }, input, error: null };
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return { lookup: null, input, error: error.message };
    throw error;
  }
}

/** The signed-in admin's wallet, or why there is none: no session (401), or a wallet that is not an admin (403). */
async function adminOf(): Promise<Wallet | 401 | 403> {
  const request = await headers();
  try {
    return await adminWallet(request.get("cookie"), publicOrigin(request, publicOriginsConfig()).origin, deps);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return error.status;
    throw error;
  }
}

export default async function AdminPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  if (!adminEnabled()) notFound();
  const admin = await adminOf();
  if (admin === 401) return <SignInPanel available={config().adminWallets.length > 0} />;
  if (admin === 403) return <NotAdminPanel />;

  const params = await searchParams;
  const period = periodChoiceOf(params);
  const { lookup, input, error } = lookupOf(params);
  logConsoleView(admin, { period, lookup: lookup !== null });
  const services = await deps();
  const [{ stats, referrers, wallet }, audit, signals, walletSignals, notifications] = await Promise.all([
    getConsole(services, period, lookup),
    getAuditPage(services, 0, AUDIT_LOG_ENTRIES),
    getSignalsPage(services, 0, DEFAULT_SIGNALS_PAGE),
    lookup && getWalletSignals(services, lookup.wallet),
    getNotificationStats(services, consolePeriod(period, utcDay(services.clock()))),
  ]);
  return (
    <CampaignConsole
      admin={admin}
      view={{ period, lookup }}
      setup={setupChecklist({ config: config(), site: siteConfig(), headers: headersConfig(), origins: publicOriginsConfig() })}
      stats={stats}
      referrers={referrers}
      report={wallet}
      reportSignals={walletSignals}
      signals={signals}
      notifications={notifications}
      audit={audit}
      lookupInput={input}
      lookupError={error}
    />
  );
}

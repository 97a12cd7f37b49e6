/**
 * Where the console's links go: its own state lives in the URL (?period, ?wallet, ?offset) so that
 * every view works without JavaScript and can be shared between admins; its downloads are the
 * /api/admin/* answers as CSV, which the same session cookie authorizes.
 */
import type { PeriodChoice, STATS_TABLES } from "@/lib/contract/admin-schemas";
import * as paths from "@/lib/contract/paths";
import { MAX_AUDIT_PAGE } from "@/lib/domain/moderation";
import { MAX_SIGNALS_PAGE } from "@/lib/domain/signals";

export interface ConsoleView {
  period: PeriodChoice;
  /** The wallet looked up, with the offset of its page of referees. */
  lookup: { wallet: string; offset: number } | null;
}

/** The console showing `view`; a lookup lands on its section. */
export function consoleHref({ period, lookup }: ConsoleView): string {
  const params = new URLSearchParams({ period });
  if (lookup) params.set("wallet", lookup.wallet);
  if (lookup?.offset) params.set("offset", String(lookup.offset));
  return `/admin?${params.toString()}${lookup ? "#wallet-lookup" : ""}`;
}

interface Days {
  from: string;
  to: string;
}

export const statsCsvHref = ({ from, to }: Days, table: (typeof STATS_TABLES)[number]) =>
  `${paths.adminStats.path}?${new URLSearchParams({ from, to, format: "csv", table }).toString()}`;

/** The API lists as many referrers by default as the console does. */
export const referrersCsvHref = ({ from, to }: Days) => `${paths.adminReferrers.path}?${new URLSearchParams({ from, to, format: "csv" }).toString()}`;

export const refereesCsvHref = (wallet: string, offset: number) =>
  `${paths.adminWallet.path}?${new URLSearchParams({ wallet, offset: String(offset), format: "csv" }).toString()}`;

/** The whole audit log, as far as one page of the API holds it. */
export const auditCsvHref = `${paths.adminAudit.path}?${new URLSearchParams({ format: "csv", limit: String(MAX_AUDIT_PAGE) }).toString()}`;

/** The suspicion ranking, as far as one page of the API holds it. */
export const signalsCsvHref = `${paths.adminSignals.path}?${new URLSearchParams({ format: "csv", limit: String(MAX_SIGNALS_PAGE) }).toString()}`;

/** Every disqualified wallet with its reason, CSV (the API's default). */
export const banListHref = paths.banList.path;

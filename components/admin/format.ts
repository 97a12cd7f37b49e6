/** How the console writes its numbers, days, times and admins; times in UTC, the counters' own days. */
import { isWallet, shortWallet } from "@/lib/domain/wallet";

const counts = new Intl.NumberFormat("en-US");
const percents = new Intl.NumberFormat("en-US", { style: "percent", maximumFractionDigits: 1 });
const days = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", year: "numeric", month: "short", day: "numeric" });
const shortDays = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", day: "numeric" });
const times = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", dateStyle: "medium", timeStyle: "short", hourCycle: "h23" });

/** A count, or a token amount in base units (a bigint: they pass 2^53). */
export const formatCount = (n: number | bigint) => counts.format(n);

/** A fraction as a percentage; "–" where there is none (no visitors, no new wallets). */
export const formatPercent = (fraction: number | null) => (fraction === null ? "–" : percents.format(fraction));

/** A `YYYY-MM-DD` day, e.g. "Jan 5, 2025"; `short` leaves out the year (chart axes). */
export function formatDay(name: string, short = false): string {
  return (short ? shortDays : days).format(new Date(`${name}T00:00:00Z`));
}

/** Unix seconds, e.g. "Jan 5, 2025, 14:03 UTC". */
export const formatTime = (unixSeconds: number) => `${times.format(new Date(unixSeconds * 1000))} UTC`;

/** Who acted, as the audit log records it: an admin's wallet, "token" (ADMIN_TOKEN), or an operator command's label. */
export function formatAdmin(admin: string): string {
  if (isWallet(admin)) return shortWallet(admin);
  return admin === "token" ? "Admin token" : admin;
}

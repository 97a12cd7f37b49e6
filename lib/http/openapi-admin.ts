/** The campaign console's operations in the OpenAPI document, and the access answers every admin endpoint shares. */
import type { z } from "zod";
import * as admin from "@/lib/contract/admin-schemas";
import { error, internal, named } from "@/lib/http/openapi-schemas";
import type { Operation, ResponseSpec } from "@/lib/http/openapi-operations";
import { MAX_ANALYTICS_DAYS } from "@/lib/domain/analytics";

/** 401, 403 and 404 of lib/auth/admin.ts. */
export const adminAccess: Record<number, ResponseSpec> = {
  401: error("`Unauthorized`: no valid bearer token (ADMIN_TOKEN) and no signed-in session"),
  403: error("`This wallet is not an admin`: the signed-in wallet is not in ADMIN_WALLETS"),
  404: error("`Not found`: neither ADMIN_TOKEN nor ADMIN_WALLETS is set, the endpoint is off"),
};

const csvOr = (name: string, schema: z.ZodType, csv: string): ResponseSpec => ({
  description: "JSON, or CSV with `format=csv`",
  content: {
    "application/json": { schema: named(name, schema) },
    "text/csv": { schema: { type: "string", description: csv } },
  },
});

const RANGE =
  `\`from\` and \`to\` are UTC dates (YYYY-MM-DD), both included, at most ${MAX_ANALYTICS_DAYS} days; ` +
  "`to` defaults to today and `from` to 30 days ending at `to`. Days before the counters started read as zero (`countingSince`).";

export const ADMIN_OPERATIONS: Operation[] = [
  {
    method: "get",
    path: "/api/admin/stats",
    tag: "Campaign console",
    summary: "Campaign counters for a period, with the period before",
    description:
      `${RANGE} Totals (unique visitors are distinct over the period), daily rows, the funnel (unique visitors, wallets ` +
      "connected with a pending code, referrals) and the task table. `format=csv` with `table=days|tiles|funnel|tasks` downloads one table.",
    query: admin.adminStatsQuery,
    admin: true,
    responses: {
      200: csvOr("AdminStats", admin.adminStatsResponse, "one table of the answer: a header row, then a row per day, metric, step or task"),
      400: error("`Invalid from: ...`, `Invalid to: ...`, `Invalid format: ...` or `Invalid table: ...`"),
      ...adminAccess,
      500: internal,
    },
  },
  {
    method: "get",
    path: "/api/admin/referrers",
    tag: "Campaign console",
    summary: "Top referrers of a period",
    description: `${RANGE} Ranked by referrals recorded in the period, then wallet; \`limit\` 1 to 500 (default 50).`,
    query: admin.adminReferrersQuery,
    admin: true,
    responses: {
      200: csvOr("AdminReferrers", admin.adminReferrersResponse, "wallet,referrals,referralsAllTime,visits,uniqueVisitors,conversion rows"),
      400: error("`Invalid from: ...`, `Invalid to: ...`, `Invalid limit: ...` or `Invalid format: ...`"),
      ...adminAccess,
      500: internal,
    },
  },
  {
    method: "get",
    path: "/api/admin/wallet",
    tag: "Campaign console",
    summary: "One wallet: fields, tasks, rank, referrer and referees",
    description: "Read-only: looking a wallet up makes nobody known. Referees newest first, 100 per page from `offset`; `format=csv` downloads the page of referees.",
    query: admin.adminWalletQuery,
    admin: true,
    responses: {
      200: csvOr("AdminWallet", admin.adminWalletResponse, "wallet,referredAt rows of the page of referees"),
      400: error("`Invalid wallet address`, `Invalid offset: ...` or `Invalid format: ...`"),
      ...adminAccess,
      500: internal,
    },
  },
];

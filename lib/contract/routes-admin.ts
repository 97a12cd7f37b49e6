/** The campaign console's and moderation's endpoints in the route registry, and the access answers every admin endpoint shares. */
import type { z } from "zod";
import * as admin from "@/lib/contract/admin-schemas";
import * as moderation from "@/lib/contract/moderation-schemas";
import * as paths from "@/lib/contract/paths";
import { error, internal, named, route, tooLarge, type ResponseDoc } from "@/lib/contract/route-spec";
import * as signals from "@/lib/contract/signals-schemas";
import { MAX_ANALYTICS_DAYS } from "@/lib/domain/analytics";
import { MAX_AUDIT_PAGE, MAX_CASCADE } from "@/lib/domain/moderation";
import { MAX_SIGNALS_PAGE, SUSPICION_WEIGHTS, suspicionFormula } from "@/lib/domain/signals";

/** 401, 403 and 404 of lib/auth/admin.ts. */
export const adminAccess: Record<number, ResponseDoc> = {
  401: error("`Unauthorized`: no valid bearer token (ADMIN_TOKEN) and no signed-in session"),
  403: error("`This wallet is not an admin`: the signed-in wallet is not in ADMIN_WALLETS"),
  404: error("`Not found`: neither ADMIN_TOKEN nor ADMIN_WALLETS is set, the endpoint is off"),
};

const csvOr = (name: string, schema: z.ZodType, csv: string): ResponseDoc => ({
  description: "JSON, or CSV with `format=csv`",
  content: {
    "application/json": { schema: named(name, schema) },
    "text/csv": { schema: { type: "string", description: csv } },
  },
});

const RANGE =
  `\`from\` and \`to\` are UTC dates (YYYY-MM-DD), both included, at most ${MAX_ANALYTICS_DAYS} days; ` +
  "`to` defaults to today and `from` to 30 days ending at `to`. Days before the counters started read as zero (`countingSince`).";

export const ADMIN_ROUTES = {
  adminStats: route({
    ...paths.adminStats,
    query: admin.adminStatsQuery,
    auth: "admin",
    doc: {
      tag: "Campaign console",
      summary: "Campaign counters for a period, with the period before",
      description:
        `${RANGE} Totals (unique visitors are distinct over the period), daily rows, the funnel (unique visitors, wallets ` +
        "connected with a pending code, referrals) and the task table. `format=csv` with `table=days|tiles|funnel|tasks` downloads one table.",
      responses: {
        200: csvOr("AdminStats", admin.adminStatsResponse, "one table of the answer: a header row, then a row per day, metric, step or task"),
        400: error("`Invalid from: ...`, `Invalid to: ...`, `Invalid format: ...` or `Invalid table: ...`"),
        ...adminAccess,
        500: internal,
      },
    },
  }),
  adminReferrers: route({
    ...paths.adminReferrers,
    query: admin.adminReferrersQuery,
    auth: "admin",
    doc: {
      tag: "Campaign console",
      summary: "Top referrers of a period",
      description: `${RANGE} Ranked by referrals recorded in the period, then wallet; \`limit\` 1 to 500 (default 50).`,
      responses: {
        200: csvOr("AdminReferrers", admin.adminReferrersResponse, "wallet,referrals,referralsAllTime,visits,uniqueVisitors,conversion rows"),
        400: error("`Invalid from: ...`, `Invalid to: ...`, `Invalid limit: ...` or `Invalid format: ...`"),
        ...adminAccess,
        500: internal,
      },
    },
  }),
  adminWallet: route({
    ...paths.adminWallet,
    query: admin.adminWalletQuery,
    auth: "admin",
    doc: {
      tag: "Campaign console",
      summary: "One wallet: fields, tasks, rank, referrer, referees and quest points",
      description:
        "Read-only: looking a wallet up makes nobody known. Referees newest first, 100 per page from `offset`; `format=csv` downloads the page of referees. " +
        "`questLedger` (the wallet's quest points, its ledger's `total` and its newest 100 entries, newest first: quest, points, time) is present only " +
        "when the wallet has quest points or the quest catalog holds a quest, archived ones included; one store round trip in all.",
      responses: {
        200: csvOr("AdminWallet", admin.adminWalletResponse, "wallet,referredAt rows of the page of referees"),
        400: error("`Invalid wallet address`, `Invalid offset: ...` or `Invalid format: ...`"),
        ...adminAccess,
        500: internal,
      },
    },
  }),
  disqualify: route({
    ...paths.disqualify,
    body: moderation.disqualifyBody,
    auth: "admin",
    doc: {
      tag: "Moderation",
      summary: "Disqualify a wallet, optionally with every referee it brought",
      description:
        "Takes the wallet off the leaderboard, the rewards export and the liability, keeping its score, its place among " +
        "equal scores and its referral relationships (they never change); `GET /api/leaderboard/user` answers rank 0 for " +
        `it. With \`cascade\`, also every referee of it that is not disqualified yet (at most ${MAX_CASCADE}). A wallet ` +
        "already disqualified keeps its first reason. One atomic step, written to the audit log.",
      responses: {
        200: { description: "Done: the wallets this step disqualified, and its audit entry", json: named("DisqualifyResponse", moderation.disqualifyResponse) },
        400: error("`Invalid wallet address`, `Invalid reason: ...`, `Invalid cascade: ...`, or a cascade over too many referees"),
        413: tooLarge,
        ...adminAccess,
        500: internal,
      },
    },
  }),
  reinstate: route({
    ...paths.reinstate,
    body: moderation.reinstateBody,
    auth: "admin",
    doc: {
      tag: "Moderation",
      summary: "Put a disqualified wallet back, with the referees its cascade took out",
      description: "Restores the wallet with its score and its original place among equal scores. One atomic step, written to the audit log.",
      responses: {
        200: { description: "Done: the wallets this step put back, and its audit entry", json: named("ReinstateResponse", moderation.reinstateResponse) },
        400: error("`Invalid wallet address`"),
        413: tooLarge,
        ...adminAccess,
        500: internal,
      },
    },
  }),
  adminAudit: route({
    ...paths.adminAudit,
    query: moderation.adminAuditQuery,
    auth: "admin",
    doc: {
      tag: "Moderation",
      summary: "The audit log of admin actions, newest first",
      description: `Who, when, what, the reason and how many wallets each action changed. \`limit\` 1 to ${MAX_AUDIT_PAGE} (default 50) from \`offset\`. Nothing in the app changes an entry.`,
      responses: {
        200: csvOr("AdminAudit", moderation.adminAuditResponse, "id,at,admin,action,wallet,reason,cascade,wallets rows of the page"),
        400: error("`Invalid offset: ...`, `Invalid limit: ...` or `Invalid format: ...`"),
        ...adminAccess,
        500: internal,
      },
    },
  }),
  banList: route({
    ...paths.banList,
    query: moderation.adminBanListQuery,
    auth: "admin",
    doc: {
      tag: "Moderation",
      summary: "The ban list: every disqualified wallet with its reason",
      description: "CSV (default) or JSON, streamed. `npm run import:ban-list` reads the CSV into another deployment.",
      responses: {
        200: {
          description: "CSV, or JSON with `format=json`",
          content: {
            "text/csv": { schema: { type: "string", description: "wallet,reason,at,admin,via rows" } },
            "application/json": { schema: { type: "object", properties: { disqualified: { type: "array", items: named("Disqualification", moderation.disqualificationSchema) } } } },
          },
        },
        400: error("`Invalid format: ...`"),
        ...adminAccess,
        500: internal,
      },
    },
  }),
  adminSignals: route({
    ...paths.adminSignals,
    query: signals.adminSignalsQuery,
    auth: "admin",
    doc: {
      tag: "Moderation",
      summary: "Referrers ranked by farm signals, with the evidence",
      description:
        "Burst (most referrals within 10 minutes), quick referees (bound within 10 s of the previous), active and idle " +
        `referees, loops of two or three; \`suspicion\` = ${suspicionFormula(SUSPICION_WEIGHTS, "x")} orders the list. ` +
        `\`limit\` 1 to ${MAX_SIGNALS_PAGE} (default 20) from \`offset\`. Kept with the facts: one store round trip.`,
      responses: {
        200: csvOr("AdminSignals", signals.adminSignalsResponse, "wallet,suspicion,referrals,burst,quickReferees,activeReferees,idleShare,cycles,disqualified rows of the page"),
        400: error("`Invalid offset: ...`, `Invalid limit: ...` or `Invalid format: ...`"),
        ...adminAccess,
        500: internal,
      },
    },
  }),
  adminWalletSignals: route({
    ...paths.adminWalletSignals,
    query: signals.adminWalletSignalsQuery,
    auth: "admin",
    doc: {
      tag: "Moderation",
      summary: "One referrer's farm signals",
      description: "All zero for a wallet that never referred.",
      responses: {
        200: { description: "The referrer's signals", json: named("ReferrerSignals", signals.referrerSignalsSchema) },
        400: error("`Invalid wallet address`"),
        ...adminAccess,
        500: internal,
      },
    },
  }),
};

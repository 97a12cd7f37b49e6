/**
 * What the bench's bare server (scripts/bench/bare-server.ts) runs for each endpoint it serves:
 * the service call of the endpoint's route handler, on input the server has validated with the
 * route registry's schemas (lib/contract/routes.ts). Only the endpoints the bench measures
 * (scripts/bench/endpoints.ts); tests/unit/routes.test.ts checks that it covers each of them.
 */
import type { z } from "zod";
import type { RouteName } from "@/lib/contract/route-spec";
import type { Route } from "@/lib/contract/route-spec";
import type { routes } from "@/lib/contract/routes";
import type { PublicOrigin } from "@/lib/domain/public-origin";
import { config } from "@/lib/config";
import { conditionalAnswer, knownVersions } from "@/lib/http/conditional";
import { countVisit } from "@/lib/services/analytics";
import { getCampaignStats, periodOf } from "@/lib/services/campaign";
import type { Deps } from "@/lib/services/context";
import { getHealth } from "@/lib/services/health";
import { completeQuest, getQuests } from "@/lib/services/quests";
import { readAround, readLeaderboard, readLeaderboardUser, type BoardRead } from "@/lib/services/leaderboard";
import { checkReferral, getReferralLink, getWalletByCode, recordReferral } from "@/lib/services/referrals";
import { completeTask, getProgress, getTaskStatus, verifyTask } from "@/lib/services/tasks";
import { initUser } from "@/lib/services/users";

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;
/** The validated body and query of an entry, as handle() hands them to its route. */
type Inputs<R> = R extends Route<infer B, infer Q> ? { body: Parsed<B>; query: Parsed<Q> } : never;

export type BareInput<N extends RouteName> = Inputs<(typeof routes)[N]> & {
  /** The request's public origin, as handle() decides it. */
  publicOrigin: PublicOrigin;
  headers: { get(name: string): string | null };
};

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  json: unknown;
}

type BareHandler<N extends RouteName> = (deps: Deps, input: BareInput<N>) => Promise<Reply>;

const ok = async (json: Promise<unknown>): Promise<Reply> => ({ json: await json });
const noStore = { "cache-control": "no-store" };

/** A conditional read answered as lib/http/conditional.ts answers it (the bench sends no If-None-Match). */
const tagged = async (headers: BareInput<RouteName>["headers"], read: Promise<BoardRead<unknown>>): Promise<Reply> => {
  const { etag, body } = conditionalAnswer(headers, await read);
  return { status: body === null ? 304 : 200, headers: { etag, "cache-control": "no-cache" }, json: body };
};

export const BARE_ROUTES: { [N in RouteName]?: BareHandler<N> } = {
  initUser: (d, { body, publicOrigin }) => ok(initUser(d, body.wallet, publicOrigin)),
  recordReferral: (d, { body, publicOrigin }) => ok(recordReferral(d, body.wallet, body.refCode, publicOrigin)),
  visit: (d, { body, headers }) => ok(countVisit(d, body, headers.get("user-agent"))),
  checkReferral: (d, { query }) => ok(checkReferral(d, query.wallet)),
  referralLink: async (d, { query, publicOrigin }) => ({ headers: noStore, json: await getReferralLink(d, query.user, publicOrigin.linkBase) }),
  walletByCode: (d, { query }) => ok(getWalletByCode(d, query.code)),
  taskStatus: (d, { query }) => ok(getTaskStatus(d, query.wallet)),
  completeTask: (d, { body, publicOrigin }) => ok(completeTask(d, body.wallet, body.taskId, publicOrigin)),
  verifyTask: (d, { body, publicOrigin }) => ok(verifyTask(d, body.wallet, body.taskId, publicOrigin)),
  progress: (d, { query, publicOrigin }) => ok(getProgress(d, query.wallet, publicOrigin)),
  leaderboard: (d, { query, headers }) => tagged(headers, readLeaderboard(d, config().leaderboardSize, query.season, knownVersions(headers))),
  leaderboardUser: (d, { query, headers }) => tagged(headers, readLeaderboardUser(d, query.wallet, query.season)),
  leaderboardAround: (d, { query, headers }) => tagged(headers, readAround(d, query.wallet, query.radius, query.season)),
  quests: (d, { query }) => ok(getQuests(d, query.wallet)),
  completeQuest: (d, { body, publicOrigin }) => ok(completeQuest(d, body, publicOrigin)),
  adminStats: async (d, { query }) => ({ headers: noStore, json: await getCampaignStats(d, periodOf(query, d.clock())) }),
  health: async (d) => {
    const health = await getHealth(d);
    return { status: health.ok ? 200 : 503, headers: noStore, json: health };
  },
};

/**
 * The Store on Redis, assembled from one module per concern: each method is one Lua script,
 * so one round trip and atomic. The only exception is the rebuild of a missing refCode index
 * (code-index.ts), which happens once, under a lock, and is followed by the lookup that needed it.
 * Runs on any RedisCommandClient (TCP or REST). Key names live in keys.ts only.
 */
import "server-only";
import type { SeasonSchedule } from "@/lib/domain/seasons";
import { SUSPICION_WEIGHTS, type SuspicionWeights } from "@/lib/domain/signals";
import { accessOperations } from "@/lib/store/redis/access";
import { analyticsOperations } from "@/lib/store/redis/analytics";
import type { RedisCommandClient } from "@/lib/store/redis/client";
import { codeIndex, type CodeIndexOptions } from "@/lib/store/redis/code-index";
import { redisKeys } from "@/lib/store/redis/keys";
import { leaderboardOperations } from "@/lib/store/redis/leaderboard";
import { moderationOperations } from "@/lib/store/redis/moderation";
import { notificationOperations } from "@/lib/store/redis/notifications";
import { operatorOperations } from "@/lib/store/redis/operator";
import { payoutOperations } from "@/lib/store/redis/payouts";
import { webhookOperations } from "@/lib/store/redis/webhooks";
import { questOperations } from "@/lib/store/redis/quests";
import { referralOperations } from "@/lib/store/redis/referrals";
import { scriptRunner } from "@/lib/store/redis/run";
import { signalOperations } from "@/lib/store/redis/signals";
import { taskOperations } from "@/lib/store/redis/tasks";
import { walletOperations } from "@/lib/store/redis/wallets";
import type { Store } from "@/lib/store/types";

export interface RedisStoreOptions extends CodeIndexOptions {
  kind: "redis" | "upstash";
  prefix: string;
  /** Days the daily campaign counters are kept after each day. */
  retentionDays: number;
  /** The season schedule (SEASON_LENGTH_DAYS, SEASON_START); seasons are on when it is set. */
  seasons?: SeasonSchedule;
  /**
   * What each farm signal weighs in the suspicion ranking; SUSPICION_WEIGHTS unless set. The ranking
   * holds scores, not the formula: after a change of weights a referrer is re-scored at its next write.
   */
  suspicionWeights?: SuspicionWeights;
}

export function createRedisStore(client: RedisCommandClient, { kind, prefix, retentionDays, seasons, suspicionWeights = SUSPICION_WEIGHTS, ...rebuild }: RedisStoreOptions): Store {
  const keys = redisKeys(prefix);
  const runner = scriptRunner(client);
  const context = { keys, retentionDays, seasons, suspicionWeights, ...runner, ...codeIndex(client, runner, keys, rebuild) };
  return {
    kind,
    ...walletOperations(context),
    ...referralOperations(context),
    ...taskOperations(context),
    ...leaderboardOperations(context),
    ...accessOperations(context),
    ...analyticsOperations(context),
    ...moderationOperations(context),
    ...signalOperations(context),
    ...notificationOperations(context),
    ...operatorOperations(context),
    ...questOperations(context),
    ...payoutOperations(context),
    ...webhookOperations(context),
    ping: () => client.ping(),
    close: () => client.quit(),
  };
}

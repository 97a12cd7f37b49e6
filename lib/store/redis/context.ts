/** What every concern module of the Redis store works with; index.ts builds one per store. */
import type { SeasonSchedule } from "@/lib/domain/seasons";
import type { SuspicionWeights } from "@/lib/domain/signals";
import type { CodeIndex } from "@/lib/store/redis/code-index";
import type { RedisKeys } from "@/lib/store/redis/keys";
import type { ScriptRunner } from "@/lib/store/redis/run";

export interface RedisContext extends ScriptRunner, CodeIndex {
  keys: RedisKeys;
  /** Days the daily campaign counters are kept after each day. */
  retentionDays: number;
  /** The season schedule; seasons are on when it is set. */
  seasons?: SeasonSchedule;
  /** What each farm signal weighs in the suspicion ranking. */
  suspicionWeights: SuspicionWeights;
}

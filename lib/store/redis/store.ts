/**
 * The Store on Redis: each method is one Lua script, so one round trip and atomic.
 * The only exception is the rebuild of a missing refCode index (decisions.md), which
 * happens once, under a lock, and is followed by the lookup that needed it.
 * Runs on any RedisCommandClient (TCP or REST).
 */
import "server-only";
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { SOCIAL_TASK_IDS, type SocialTaskId } from "@/lib/domain/tasks";
import { isWallet, normaliseWallet, refCodeOf } from "@/lib/domain/wallet";
import { isNoScriptError, type RedisCommandClient } from "@/lib/store/redis/client";
import { CODES_COMPLETE_FIELD, redisKeys, type RedisKeys } from "@/lib/store/redis/keys";
import { int, list, optInt, optWallet, str, UnexpectedReplyError, wallet as walletOf } from "@/lib/store/redis/reply";
import { SCRIPTS, type ScriptName } from "@/lib/store/redis/scripts";
import type {
  LeaderboardRow,
  RankedRow,
  RecordReferralResult,
  Registration,
  Store,
  WalletState,
} from "@/lib/store/types";

export interface RedisStoreOptions {
  kind: "redis" | "upstash";
  prefix: string;
  /** SCAN COUNT of an index rebuild. */
  rebuildBatchSize?: number;
  /** TTL of the rebuild lock, extended after every batch. */
  rebuildLockTtlMs?: number;
  /** How long a caller waits for a rebuild that another caller is running. */
  rebuildWaitMs?: number;
}

/** A script's verdict that the refCode index itself is missing. */
const NO_INDEX = Symbol("no-index");

export class RedisStore implements Store {
  readonly kind: "redis" | "upstash";
  private readonly keys: RedisKeys;
  private readonly batchSize: number;
  private readonly lockTtlMs: number;
  private readonly waitMs: number;
  private rebuilding: Promise<void> | undefined;

  constructor(
    private readonly client: RedisCommandClient,
    options: RedisStoreOptions,
  ) {
    this.kind = options.kind;
    this.keys = redisKeys(options.prefix);
    this.batchSize = options.rebuildBatchSize ?? 1000;
    this.lockTtlMs = options.rebuildLockTtlMs ?? 15_000;
    this.waitMs = options.rebuildWaitMs ?? 20_000;
  }

  async registerWallet(wallet: string, now: number): Promise<Registration> {
    const reply = await this.runList("register-wallet", this.ownKeys(wallet), this.ownArgs(wallet, now), 2);
    return { isNew: int(reply[0], "isNew") === 1, codeOwner: walletOf(reply[1], "codeOwner") };
  }

  async getReferralInfo(wallet: string, now: number) {
    const reply = await this.runList("get-referral-info", this.ownKeys(wallet), this.ownArgs(wallet, now), 4);
    return {
      isNew: int(reply[0], "isNew") === 1,
      codeOwner: walletOf(reply[1], "codeOwner"),
      referrer: optWallet(reply[2], "referrer"),
      referralsCount: optInt(reply[3], "referralsCount") ?? 0,
    };
  }

  resolveRefCode(refCode: string): Promise<string | null> {
    return this.withCodeIndex(async () => {
      const reply = await this.runList("resolve-ref-code", [this.keys.codes], [refCode, CODES_COMPLETE_FIELD], 1);
      const verdict = str(reply[0], "resolveRefCode");
      if (verdict === "owner") return walletOf(reply[1], "code owner");
      if (verdict === "miss") return null;
      if (verdict === "no-index") return NO_INDEX;
      throw new UnexpectedReplyError("resolveRefCode", reply);
    });
  }

  async getReferrer(wallet: string): Promise<string | null> {
    return optWallet(await this.run("get-referrer", [this.keys.wallet(wallet)], []), "referrer");
  }

  recordReferral(input: Parameters<Store["recordReferral"]>[0]): Promise<RecordReferralResult> {
    const { referee, refCode, selfReferral, now } = input;
    const k = this.keys;
    const keys = [k.wallet(referee), k.codes, k.leaderboard, k.activeReferrers];
    const args = [
      referee,
      refCodeOf(referee),
      refCode,
      selfReferral ? "1" : "0",
      whole(now),
      k.walletKeyPrefix,
      CODES_COMPLETE_FIELD,
    ];
    return this.withCodeIndex(async (): Promise<RecordReferralResult | typeof NO_INDEX> => {
      const reply = await this.runList("record-referral", keys, args, 1);
      const outcome = str(reply[0], "recordReferral");
      switch (outcome) {
        case "recorded":
        case "already-recorded":
          return { outcome, referrer: walletOf(reply[1], "referrer") };
        case "self-referral":
        case "code-not-found":
          return { outcome };
        case "no-index":
          return NO_INDEX;
        default:
          throw new UnexpectedReplyError("recordReferral", reply);
      }
    });
  }

  async getWalletState(wallet: string): Promise<WalletState> {
    const keys = [this.keys.wallet(wallet), this.keys.leaderboard];
    const reply = await this.runList("get-wallet-state", keys, [wallet, ...SOCIAL_TASK_IDS], 5 + SOCIAL_TASK_IDS.length);
    const nftMint = reply[3];
    if (nftMint !== null && nftMint !== "1") throw new UnexpectedReplyError("nftMint", nftMint);
    return {
      referrer: optWallet(reply[0], "referrer"),
      referralsCount: optInt(reply[1], "referralsCount") ?? 0,
      checkInLast: optInt(reply[2], "checkInLast"),
      nftMint: nftMint === "1",
      score: int(reply[4], "score"),
      social: Object.fromEntries(SOCIAL_TASK_IDS.map((id, i) => [id, optInt(reply[5 + i], id)])) as Record<
        SocialTaskId,
        number | null
      >,
    };
  }

  async checkIn(wallet: string, now: number, cooldownSeconds: number) {
    const args = [...this.ownArgs(wallet, now), whole(cooldownSeconds)];
    const reply = await this.runList("check-in", this.ownKeys(wallet), args, 1);
    if (int(reply[0], "checkIn") === 1) return { checkedIn: true as const };
    return { checkedIn: false as const, last: int(reply[1], "checkInLast") };
  }

  async completeSocialTask(wallet: string, taskId: SocialTaskId, now: number): Promise<number> {
    if (!SOCIAL_TASK_IDS.includes(taskId)) throw new Error(`Not a social task: ${taskId}`);
    return int(
      await this.run("complete-social-task", this.ownKeys(wallet), [...this.ownArgs(wallet, now), taskId]),
      taskId,
    );
  }

  async markNftMint(wallet: string, now: number): Promise<void> {
    await this.run("mark-nft-mint", this.ownKeys(wallet), this.ownArgs(wallet, now));
  }

  async getLeaderboard(limit: number): Promise<LeaderboardRow[]> {
    const args = [whole(limit), this.keys.walletKeyPrefix];
    const reply = await this.runList("get-leaderboard", [this.keys.leaderboard], args, 0);
    if (reply.length % 3 !== 0) throw new UnexpectedReplyError("getLeaderboard", reply);
    const rows: LeaderboardRow[] = [];
    for (let i = 0; i < reply.length; i += 3) {
      rows.push({
        wallet: walletOf(reply[i], "leaderboard wallet"),
        score: int(reply[i + 1], "score"),
        referralsCount: optInt(reply[i + 2], "referralsCount") ?? 0,
      });
    }
    return rows;
  }

  async getRankOrCreate(wallet: string, now: number): Promise<RankedRow> {
    const keys = [...this.ownKeys(wallet), this.keys.leaderboard];
    const reply = await this.runList("get-rank-or-create", keys, this.ownArgs(wallet, now), 3);
    return {
      wallet,
      rank: int(reply[0], "rank") + 1,
      score: int(reply[1], "score"),
      referralsCount: optInt(reply[2], "referralsCount") ?? 0,
    };
  }

  ping(): Promise<void> {
    return this.client.ping();
  }

  close(): Promise<void> {
    return this.client.quit();
  }

  /** EVALSHA; on NOSCRIPT (script cache flushed or server restarted) EVAL, which also re-caches it. */
  private async run(name: ScriptName, keys: string[], args: string[]): Promise<unknown> {
    const script = SCRIPTS[name];
    try {
      return await this.client.evalsha(script.sha, keys, args);
    } catch (error) {
      if (!isNoScriptError(error)) throw error;
      return this.client.eval(script.text, keys, args);
    }
  }

  /** Runs a script whose reply is a list of at least `minLength` elements. */
  private async runList(name: ScriptName, keys: string[], args: string[], minLength: number): Promise<unknown[]> {
    return list(await this.run(name, keys, args), name, minLength);
  }

  /** Keys of the scripts that make a wallet known. */
  private ownKeys(wallet: string): string[] {
    return [this.keys.wallet(wallet), this.keys.codes];
  }

  private ownArgs(wallet: string, now: number): string[] {
    return [wallet, refCodeOf(wallet), whole(now)];
  }

  /** Runs a lookup; if it finds the code index missing, rebuilds the index once and runs it again. */
  private async withCodeIndex<T>(lookup: () => Promise<T | typeof NO_INDEX>): Promise<T> {
    const first = await lookup();
    if (first !== NO_INDEX) return first;
    await this.rebuildCodeIndex();
    const second = await lookup();
    if (second === NO_INDEX) throw new Error("refCode index missing right after it was rebuilt");
    return second;
  }

  /** Resolves once the index is marked complete: rebuilt here, or by whoever holds the lock. */
  private rebuildCodeIndex(): Promise<void> {
    this.rebuilding ??= this.rebuildOrWait().finally(() => {
      this.rebuilding = undefined;
    });
    return this.rebuilding;
  }

  private async rebuildOrWait(): Promise<void> {
    const k = this.keys;
    const token = randomUUID();
    const deadline = Date.now() + this.waitMs;
    for (;;) {
      const state = await this.run(
        "rebuild-codes-begin",
        [k.codes, k.codesRebuildLock],
        [CODES_COMPLETE_FIELD, token, String(this.lockTtlMs)],
      );
      if (state === "complete") return;
      if (state === "acquired") return this.rebuildUnderLock(token);
      if (state !== "busy") throw new UnexpectedReplyError("rebuild-codes-begin", state);
      if (Date.now() >= deadline) throw new Error(`refCode index rebuild did not finish within ${this.waitMs} ms`);
      await sleep(50);
    }
  }

  /** SCANs every wallet key in batches and writes each batch's codes; marks the index complete at the end. */
  private async rebuildUnderLock(token: string): Promise<void> {
    const k = this.keys;
    const lockKeys = [k.codes, k.codesRebuildLock];
    const finish = (complete: boolean) =>
      this.run("rebuild-codes-finish", lockKeys, [CODES_COMPLETE_FIELD, token, complete ? "1" : "0"]);
    try {
      let cursor = "0";
      do {
        const page = await this.client.scan(cursor, k.walletKeyPattern, this.batchSize);
        cursor = page.cursor;
        const wallets = page.keys
          .map((key) => key.slice(k.walletKeyPrefix.length))
          .filter((w) => isWallet(w) && normaliseWallet(w) === w);
        if (wallets.length > 0) {
          await this.run(
            "rebuild-codes-batch",
            [...lockKeys, ...wallets.map(k.wallet)],
            [k.walletKeyPrefix, token, String(this.lockTtlMs), ...wallets.map(refCodeOf)],
          );
        }
      } while (cursor !== "0");
    } catch (error) {
      // Release the lock so that waiters need not sit out its TTL; the TTL covers a failed release.
      await finish(false).catch(() => undefined);
      throw error;
    }
    await finish(true);
  }
}

/** Times, limits and cooldowns go to Redis as whole decimal numbers. */
function whole(value: number): string {
  if (!Number.isSafeInteger(value)) throw new Error(`Expected a whole number, got ${value}`);
  return String(value);
}

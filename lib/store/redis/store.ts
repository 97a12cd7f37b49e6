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
import {
  checkBatch,
  checkOffset,
  checkPageSize,
  checkRefCode,
  checkWallet,
  checkWalletRecord,
} from "@/lib/store/admin";
import { isNoScriptError, type RedisCommandClient } from "@/lib/store/redis/client";
import { CODES_COMPLETE_FIELD, redisKeys, WALLET_RECORD_FIELDS, type RedisKeys } from "@/lib/store/redis/keys";
import { int, list, optInt, optWallet, str, UnexpectedReplyError, wallet as walletOf } from "@/lib/store/redis/reply";
import { SCRIPTS, type ScriptName } from "@/lib/store/redis/scripts";
import { checkHits, checkNonce, checkSeconds, verdictOf, windowOf } from "@/lib/store/guard";
import {
  ADMIN_BATCH_LIMIT,
  NONCE_PATTERN,
  type GuardStore,
  type LeaderboardRow,
  type RankedRow,
  type RateLimitHit,
  type RateLimitVerdict,
  type RecordReferralResult,
  type Registration,
  type Store,
  type StoreAdmin,
  type WalletRecord,
  type WalletState,
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

/** How long a nonce key outlives its expiry before Redis collects it; consumeNonce decides by the stored expiry. */
const NONCE_KEEP_EXTRA_SECONDS = 60;

/** A script's verdict that the refCode index itself is missing. */
const NO_INDEX = Symbol("no-index");

/** The wallet hash fields the StoreAdmin read scripts return, in order. */
const READ_FIELDS = ["createdAt", ...WALLET_RECORD_FIELDS] as const;
type ReadField = (typeof READ_FIELDS)[number];

export class RedisStore implements Store, StoreAdmin, GuardStore {
  readonly kind: "redis" | "upstash";
  readonly putBatchLimit = ADMIN_BATCH_LIMIT;
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

  getLeaderboard(limit: number): Promise<LeaderboardRow[]> {
    return this.readLeaderboard(0, limit);
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

  // StoreAdmin (types.ts): one script per call. Scripts derive wallet keys from the prefix,
  // which the shared hash tag keeps in the one Cluster slot of the declared keys.

  /**
   * One script for the whole batch, records ARGV-encoded (putBatchLimit keeps it near
   * 15k arguments, ~250 KB). Requires a complete code index (see put-wallets.lua): the first
   * call on a store whose index is not marked complete rebuilds it first, like a lookup, so
   * after any putWallets the index is complete and marked and unknown codes stay O(1) misses.
   */
  async putWallets(records: WalletRecord[]): Promise<void> {
    checkBatch(records, "putWallets", this.putBatchLimit);
    records.forEach(checkWalletRecord);
    if (records.length === 0) return;
    const k = this.keys;
    const keys = [k.codes, k.leaderboard, k.activeReferrers];
    const args = [k.walletKeyPrefix, CODES_COMPLETE_FIELD, String(WALLET_RECORD_FIELDS.length), ...WALLET_RECORD_FIELDS];
    for (const record of records) args.push(...encodeRecord(record));
    await this.withCodeIndex(async () => {
      const reply = await this.runList("put-wallets", keys, args, 1);
      const verdict = str(reply[0], "putWallets");
      if (verdict === "no-index") return NO_INDEX;
      if (verdict !== "ok" || int(reply[1], "putWallets written") !== records.length) {
        throw new UnexpectedReplyError("putWallets", reply);
      }
      return undefined;
    });
  }

  /** One script per page: a SCAN step and the records of the keys it found, read together. */
  async scanWallets(cursor: string, count: number): Promise<{ cursor: string; records: WalletRecord[] }> {
    checkPageSize(count, "count");
    checkScanCursor(cursor);
    const k = this.keys;
    const args = [cursor, k.walletKeyPattern, String(count), k.walletKeyPrefix, ...READ_FIELDS];
    const reply = await this.runList("scan-wallets", [k.leaderboard], args, 2);
    const records: WalletRecord[] = [];
    for (const item of list(reply[1], "scanWallets records")) {
      // A key under the wallet prefix that names no wallet is not a wallet; the index rebuild skips it too.
      const name = str(list(item, "wallet record", 1)[0], "wallet key");
      if (!isWallet(name) || normaliseWallet(name) !== name) continue;
      const record = decodeRecord(item);
      if (record) records.push(record);
    }
    return { cursor: scanCursor(reply[0]), records };
  }

  async getWallets(wallets: string[]): Promise<(WalletRecord | null)[]> {
    checkBatch(wallets, "getWallets");
    wallets.forEach((wallet) => checkWallet(wallet));
    if (wallets.length === 0) return [];
    const k = this.keys;
    const args = [k.walletKeyPrefix, String(READ_FIELDS.length), ...READ_FIELDS, ...wallets];
    const reply = await this.runList("get-wallets", [k.leaderboard], args, wallets.length);
    return reply.map(decodeRecord);
  }

  getLeaderboardPage(offset: number, limit: number): Promise<LeaderboardRow[]> {
    checkOffset(offset);
    checkPageSize(limit, "limit", true);
    return this.readLeaderboard(offset, limit);
  }

  /** The cursor is the offset of the next row: ZRANGE by rank is O(log N + count) anyway. */
  async scanLeaderboard(cursor: string, count: number): Promise<{ cursor: string; rows: LeaderboardRow[] }> {
    checkPageSize(count, "count");
    checkScanCursor(cursor);
    const offset = Number(cursor);
    checkOffset(offset);
    const rows = await this.readLeaderboard(offset, count);
    return { cursor: rows.length < count ? "0" : String(offset + rows.length), rows };
  }

  async countLeaderboard(): Promise<number> {
    return int(await this.run("count-leaderboard", [this.keys.leaderboard], []), "countLeaderboard");
  }

  async getCodeOwners(codes: string[]): Promise<(string | null)[]> {
    checkBatch(codes, "getCodeOwners");
    codes.forEach(checkRefCode);
    if (codes.length === 0) return [];
    const reply = await this.runList("get-code-owners", [this.keys.codes], codes, codes.length);
    return reply.map((owner) => optWallet(owner, "code owner"));
  }

  async areActiveReferrers(wallets: string[]): Promise<boolean[]> {
    checkBatch(wallets, "areActiveReferrers");
    wallets.forEach((wallet) => checkWallet(wallet));
    if (wallets.length === 0) return [];
    const reply = await this.runList("are-active-referrers", [this.keys.activeReferrers], wallets, wallets.length);
    return reply.map((member) => int(member, "active referrer") === 1);
  }

  /** One script per page: a ZSCAN step, keeping the members whose wallet hash is missing. */
  async scanLeaderboardMembers(cursor: string, count: number): Promise<{ cursor: string; wallets: string[] }> {
    checkPageSize(count, "count");
    checkScanCursor(cursor);
    const args = [cursor, String(count), this.keys.walletKeyPrefix];
    const reply = await this.runList("scan-leaderboard-members", [this.keys.leaderboard], args, 2);
    // Raw strings: an orphan is exactly what may not be a well-formed wallet.
    const wallets = list(reply[1], "leaderboard orphans").map((member) => str(member, "leaderboard member"));
    return { cursor: scanCursor(reply[0]), wallets };
  }

  // GuardStore: one script per call.

  async createNonce(nonce: string, now: number, ttlSeconds: number): Promise<void> {
    checkNonce(nonce);
    checkSeconds(now, "now");
    checkSeconds(ttlSeconds, "ttlSeconds", 1);
    const args = [whole(now + ttlSeconds), whole(ttlSeconds + NONCE_KEEP_EXTRA_SECONDS)];
    const created = int(await this.run("create-nonce", [this.keys.nonce(nonce)], args), "createNonce");
    if (created !== 1) throw new Error("createNonce: the nonce exists already");
  }

  async consumeNonce(nonce: string, now: number): Promise<boolean> {
    checkSeconds(now, "now");
    if (!NONCE_PATTERN.test(nonce)) return false; // never stored, so never valid; not an error
    return int(await this.run("consume-nonce", [this.keys.nonce(nonce)], [whole(now)]), "consumeNonce") === 1;
  }

  async hitRateLimits(hits: RateLimitHit[], now: number): Promise<RateLimitVerdict> {
    checkHits(hits, now);
    const keys = hits.map((hit) => this.keys.rateLimit(hit.key, windowOf(hit, now)));
    const reply = await this.runList("hit-rate-limits", keys, hits.map((hit) => whole(hit.windowSeconds * 1000)), hits.length);
    return verdictOf(hits, reply.map((count) => int(count, "rate-limit count")), now);
  }

  close(): Promise<void> {
    return this.client.quit();
  }

  /** `limit` leaderboard rows from `offset`, with referral counts, in one script. */
  private async readLeaderboard(offset: number, limit: number): Promise<LeaderboardRow[]> {
    const args = [whole(offset), whole(limit), this.keys.walletKeyPrefix];
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

/** A record as put-wallets.lua reads it: fixed values, then one per WALLET_RECORD_FIELDS name ("" = unset). */
function encodeRecord(record: WalletRecord): string[] {
  const opt = (value: number | null) => (value === null ? "" : String(value));
  const active = record.referralsCount > 0;
  const fields: Record<(typeof WALLET_RECORD_FIELDS)[number], string> = {
    referrer: record.referrer ?? "",
    referredAt: opt(record.referredAt),
    // Absent rather than "0", as in a hash the request path wrote.
    referralsCount: active ? String(record.referralsCount) : "",
    checkInLast: opt(record.checkInLast),
    nftMint: record.nftMint ? "1" : "",
    add_miniapp: opt(record.social.add_miniapp),
    fc_follow: opt(record.social.fc_follow),
    fc_like_recast: opt(record.social.fc_like_recast),
    fc_comment: opt(record.social.fc_comment),
  };
  return [
    record.wallet,
    refCodeOf(record.wallet),
    String(record.createdAt),
    active ? "1" : "",
    record.entry ? String(record.entry.score) : "",
    record.entry ? String(record.entry.reachedAt) : "",
    ...WALLET_RECORD_FIELDS.map((name) => fields[name]),
  ];
}

/** A record from readRecord of prelude.lua: {wallet, score|nil, reachedAt|nil, {READ_FIELDS values}}; null when no field is set. */
function decodeRecord(reply: unknown): WalletRecord | null {
  const [walletReply, score, reachedAt, valuesReply] = list(reply, "wallet record", 4);
  const values = list(valuesReply, "wallet record fields", READ_FIELDS.length);
  if (values.every((value) => value === null)) return null;
  const wallet = walletOf(walletReply, "wallet");
  const field = Object.fromEntries(READ_FIELDS.map((name, i) => [name, values[i]])) as Record<ReadField, unknown>;
  const what = (name: string) => `${name} of ${wallet}`;
  if (field.nftMint !== null && field.nftMint !== "1") throw new UnexpectedReplyError(what("nftMint"), field.nftMint);
  return {
    wallet,
    createdAt: int(field.createdAt, what("createdAt")),
    referrer: optWallet(field.referrer, what("referrer")),
    referredAt: optInt(field.referredAt, what("referredAt")),
    referralsCount: optInt(field.referralsCount, what("referralsCount")) ?? 0,
    entry: score === null ? null : { score: int(score, what("score")), reachedAt: int(reachedAt, what("reachedAt")) },
    checkInLast: optInt(field.checkInLast, what("checkInLast")),
    social: Object.fromEntries(SOCIAL_TASK_IDS.map((id) => [id, optInt(field[id], what(id))])) as Record<
      SocialTaskId,
      number | null
    >,
    nftMint: field.nftMint === "1",
  };
}

/** A SCAN or ZSCAN cursor: an unsigned 64-bit decimal. */
function checkScanCursor(cursor: string): void {
  if (!/^\d{1,20}$/.test(cursor)) throw new RangeError(`Not a scan cursor: ${JSON.stringify(cursor)}`);
}

function scanCursor(reply: unknown): string {
  const cursor = typeof reply === "number" ? String(reply) : str(reply, "scan cursor");
  if (!/^\d{1,20}$/.test(cursor)) throw new UnexpectedReplyError("scan cursor", reply);
  return cursor;
}

/**
 * The rebuild of a missing refCode index, under a lock, so that one caller rebuilds and the
 * others wait for it. The index is lost only with the whole codes hash (eviction, a flush),
 * which also loses its completion marker; a lookup that finds no marker asks for a rebuild,
 * then runs once more. This is the one place where a store call costs more than one round trip.
 *
 * Keys: codes (the index and its `:complete` marker), codes:rebuild (the lock token, with a
 * TTL), and the wallet keys it SCANs.
 * Scripts: code-index/rebuild-codes-begin, -batch, -finish.
 */
import "server-only";
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { isWallet, normaliseWallet, refCodeOf } from "@/lib/domain/wallet";
import type { RedisCommandClient } from "@/lib/store/redis/client";
import { CODES_COMPLETE_FIELD, type RedisKeys } from "@/lib/store/redis/keys";
import { UnexpectedReplyError } from "@/lib/store/redis/reply";
import type { ScriptRunner } from "@/lib/store/redis/run";

/** A script's verdict that the refCode index itself is missing. */
export const NO_INDEX = Symbol("no-index");

export interface CodeIndexOptions {
  /** SCAN COUNT of an index rebuild. */
  rebuildBatchSize?: number;
  /** TTL of the rebuild lock, extended after every batch. */
  rebuildLockTtlMs?: number;
  /** How long a caller waits for a rebuild that another caller is running. */
  rebuildWaitMs?: number;
}

export interface CodeIndex {
  /** Runs a lookup; if it finds the code index missing, rebuilds the index once and runs it again. */
  withCodeIndex<T>(lookup: () => Promise<T | typeof NO_INDEX>): Promise<T>;
}

export function codeIndex(
  client: RedisCommandClient,
  { run }: ScriptRunner,
  keys: RedisKeys,
  options: CodeIndexOptions,
): CodeIndex {
  const batchSize = options.rebuildBatchSize ?? 1000;
  const lockTtlMs = options.rebuildLockTtlMs ?? 15_000;
  const waitMs = options.rebuildWaitMs ?? 20_000;
  const lockKeys = [keys.codes, keys.codesRebuildLock];
  let rebuilding: Promise<void> | undefined;

  /** Resolves once the index is marked complete: rebuilt here, or by whoever holds the lock. */
  function rebuild(): Promise<void> {
    rebuilding ??= rebuildOrWait().finally(() => {
      rebuilding = undefined;
    });
    return rebuilding;
  }

  async function rebuildOrWait(): Promise<void> {
    const token = randomUUID();
    const deadline = Date.now() + waitMs;
    for (;;) {
      const state = await run("rebuild-codes-begin", lockKeys, [CODES_COMPLETE_FIELD, token, String(lockTtlMs)]);
      if (state === "complete") return;
      if (state === "acquired") return rebuildUnderLock(token);
      if (state !== "busy") throw new UnexpectedReplyError("rebuild-codes-begin", state);
      if (Date.now() >= deadline) throw new Error(`refCode index rebuild did not finish within ${waitMs} ms`);
      await sleep(50);
    }
  }

  /** SCANs every wallet key in batches and writes each batch's codes; marks the index complete at the end. */
  async function rebuildUnderLock(token: string): Promise<void> {
    const finish = (complete: boolean) =>
      run("rebuild-codes-finish", lockKeys, [CODES_COMPLETE_FIELD, token, complete ? "1" : "0"]);
    try {
      let cursor = "0";
      do {
        const page = await client.scan(cursor, keys.walletKeyPattern, batchSize);
        cursor = page.cursor;
        const wallets = page.keys
          .map((key) => key.slice(keys.walletKeyPrefix.length))
          .filter((w) => isWallet(w) && normaliseWallet(w) === w);
        if (wallets.length > 0) {
          await run(
            "rebuild-codes-batch",
            [...lockKeys, ...wallets.map(keys.wallet)],
            [keys.walletKeyPrefix, token, String(lockTtlMs), ...wallets.map(refCodeOf)],
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

  return {
    async withCodeIndex(lookup) {
      const first = await lookup();
      if (first !== NO_INDEX) return first;
      await rebuild();
      const second = await lookup();
      if (second === NO_INDEX) throw new Error("refCode index missing right after it was rebuilt");
      return second;
    },
  };
}

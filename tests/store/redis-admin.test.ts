/** OperatorStore on Redis: the shared contract over TCP, and what only Redis promises (round trips, the index marker, orphans). */
import { DEFAULT_RETENTION_DAYS } from "@/lib/domain/analytics";
import { describe, expect, inject, it } from "vitest";
import { refCodeOf } from "@/lib/domain/wallet";
import { CODES_COMPLETE_FIELD, redisKeys } from "@/lib/store/redis/keys";
import { createTcpRedisStore } from "@/lib/store/redis/tcp";
import { ADMIN_BATCH_LIMIT } from "@/lib/store/types";
import { bareRecord, describeOperatorStoreContract } from "@/tests/store/admin-contract";
import { newPrefix, roundTrips, useRedisHarness } from "@/tests/store/redis-harness";
import { randomCode, randomWallet } from "@/tests/support/wallets";
import { AT_ONCE } from "@/tests/support/rules";

const T0 = 1_750_000_000;

describeOperatorStoreContract("redis (tcp)", async () =>
  createTcpRedisStore({ url: inject("redisUrl"), prefix: newPrefix(), timeoutMs: 5_000, retentionDays: DEFAULT_RETENTION_DAYS }),
);

const harness = useRedisHarness();
const { raw } = harness;

/** A store that reports every round trip, with its key names. */
function counted(backend: "tcp" | "upstash") {
  const { store, calls, prefix } = harness.counted(backend);
  return { store, calls, keys: redisKeys(prefix) };
}

describe.each(["tcp", "upstash"] as const)("admin round trips (%s)", (backend) => {
  it("every OperatorStore call costs exactly one round trip, a full batch of 1,000 records included", async () => {
    const { store, calls } = counted(backend);
    await store.resolveRefCode(randomCode()); // warm-up: the empty index marked complete
    const records = Array.from({ length: ADMIN_BATCH_LIMIT }, (_, i) =>
      bareRecord({ referralsCount: i % 2, entry: i % 3 ? { score: i, reachedAt: T0 } : null }),
    );
    const wallets = records.map((r) => r.wallet);
    const ops: [string, () => Promise<unknown>][] = [
      ["putWallets (1,000 records)", () => store.putWallets(records)],
      ["putWallets (again)", () => store.putWallets(records)],
      ["getWallets (1,000)", () => store.getWallets(wallets)],
      ["scanWallets (one page)", () => store.scanWallets("0", 500)],
      ["getLeaderboardPage", () => store.getLeaderboardPage(100, 200)],
      ["scanLeaderboard (one page)", () => store.scanLeaderboard("0", 500)],
      ["countLeaderboard", () => store.countLeaderboard()],
      ["getCodeOwners (1,000)", () => store.getCodeOwners(wallets.map(refCodeOf))],
      ["areActiveReferrers (1,000)", () => store.areActiveReferrers(wallets)],
      ["scanLeaderboardMembers (one page)", () => store.scanLeaderboardMembers("0", 500)],
    ];
    for (const [name, op] of ops) expect(await roundTrips(calls, op), name).toEqual(["evalsha"]);
  });
});

describe.each(["tcp", "upstash"] as const)("putWallets and the code-index marker (%s)", (backend) => {
  it("seeding a fresh store: the first batch marks the empty index complete, then unknown codes are O(1) misses", async () => {
    const { store, calls, keys } = counted(backend);
    const first = await roundTrips(calls, () => store.putWallets([bareRecord(), bareRecord()]));
    expect(first).toContain("scan"); // the index rebuild of a fresh store: nothing of this prefix to find
    expect(await raw.sendCommand(["HGET", keys.codes, CODES_COMPLETE_FIELD])).toBe("1");
    expect(await roundTrips(calls, () => store.putWallets([bareRecord()]))).toEqual(["evalsha"]);
    expect(await roundTrips(calls, () => store.resolveRefCode(randomCode()))).toEqual(["evalsha"]);
    expect(await store.resolveRefCode(randomCode())).toBeNull();
  });

  it("a lost index is rebuilt before a put writes into it, so wallets known before keep resolving", async () => {
    const { store, calls, keys } = counted(backend);
    const known = randomWallet();
    await store.registerWallet(known, T0);
    await raw.sendCommand(["DEL", keys.codes]); // evicted, marker and all
    const put = bareRecord();
    expect(await roundTrips(calls, () => store.putWallets([put]))).toContain("scan");
    expect(await store.getCodeOwners([refCodeOf(known), refCodeOf(put.wallet)])).toEqual([known, put.wallet]);
    expect(await raw.sendCommand(["HGET", keys.codes, CODES_COMPLETE_FIELD])).toBe("1");
  });

  it("an index the request path started but never marked is completed too", async () => {
    const { store, keys } = counted(backend);
    const known = randomWallet();
    await store.registerWallet(known, T0); // the codes hash now exists, without the marker
    expect(await raw.sendCommand(["HGET", keys.codes, CODES_COMPLETE_FIELD])).toBeNull();
    await store.putWallets([bareRecord()]);
    expect(await raw.sendCommand(["HGET", keys.codes, CODES_COMPLETE_FIELD])).toBe("1");
    expect(await store.resolveRefCode(refCodeOf(known))).toBe(known);
  });
});

describe("Redis layout of put records", () => {
  it("a put wallet's hash, entry and active flag are what the request path would have written", async () => {
    const { store, keys } = counted("tcp");
    await store.resolveRefCode(randomCode());
    const [viaApi, referee] = [randomWallet(), randomWallet()];
    await store.registerWallet(viaApi, T0);
    await store.recordReferral({ referee, refCode: refCodeOf(viaApi), selfReferral: false, now: T0 + 7, terms: AT_ONCE });
    const [apiRecord] = await store.getWallets([viaApi]);
    const copy = { ...apiRecord!, wallet: randomWallet() };
    await store.putWallets([copy, bareRecord({ wallet: apiRecord!.wallet, createdAt: T0 })]);
    await store.putWallets([{ ...apiRecord! }]);
    const hash = async (wallet: string) => raw.sendCommand(["HGETALL", keys.wallet(wallet)]);
    const pairs = (reply: unknown) => Object.fromEntries(chunk(reply as string[]));
    expect(pairs(await hash(copy.wallet))).toEqual(pairs(await hash(viaApi)));
    expect(await raw.sendCommand(["ZSCORE", keys.leaderboard, copy.wallet])).toBe(
      await raw.sendCommand(["ZSCORE", keys.leaderboard, viaApi]),
    );
    expect(await raw.sendCommand(["SISMEMBER", keys.activeReferrers, copy.wallet])).toBe(1);
  });

  it("the largest score keeps its exact composite", async () => {
    const { store, keys } = counted("tcp");
    const record = bareRecord({ entry: { score: 900_718, reachedAt: T0 } });
    await store.putWallets([record]);
    const composite = -(900_718n * 10_000_000_000n + (9_999_999_999n - BigInt(T0)));
    expect(await raw.sendCommand(["ZSCORE", keys.leaderboard, record.wallet])).toBe(String(composite));
    expect(await store.getWallets([record.wallet])).toEqual([record]);
  });
});

describe.each(["tcp", "upstash"] as const)("orphan leaderboard members (%s)", (backend) => {
  it("members without a wallet are streamed, each once, junk members included", async () => {
    const { store, keys } = counted(backend);
    const records = Array.from({ length: 300 }, (_, i) => bareRecord({ entry: { score: i, reachedAt: T0 } }));
    await store.putWallets(records);
    const orphan = randomWallet();
    await raw.sendCommand(["ZADD", keys.leaderboard, "-1", orphan]);
    await raw.sendCommand(["ZADD", keys.leaderboard, "-2", "not-a-wallet"]);
    const found: string[] = [];
    let cursor = "0";
    let pages = 0;
    do {
      const page = await store.scanLeaderboardMembers(cursor, 20);
      found.push(...page.wallets);
      cursor = page.cursor;
      pages++;
    } while (cursor !== "0");
    expect(pages).toBeGreaterThan(1);
    expect(found.sort()).toEqual([orphan, "not-a-wallet"].sort());
    // Orphans are not wallets: neither read nor streamed as records.
    expect(await store.getWallets([orphan])).toEqual([null]);
  });
});

describe("scanWallets", () => {
  it("skips keys under the wallet prefix that name no wallet", async () => {
    const { store, keys } = counted("tcp");
    const record = bareRecord();
    await store.putWallets([record]);
    await raw.sendCommand(["HSET", `${keys.walletKeyPrefix}junk`, "createdAt", "1"]);
    const seen = [];
    let cursor = "0";
    do {
      const page = await store.scanWallets(cursor, 1_000);
      seen.push(...page.records);
      cursor = page.cursor;
    } while (cursor !== "0");
    expect(seen).toEqual([record]);
  });

  it("a wallet hash without createdAt is an error naming the wallet, not a record", async () => {
    const { store, keys } = counted("tcp");
    const wallet = randomWallet();
    await raw.sendCommand(["HSET", keys.wallet(wallet), "referralsCount", "2"]);
    await expect(store.getWallets([wallet])).rejects.toThrow(new RegExp(`createdAt of ${wallet}`));
  });
});

function chunk(flat: string[]): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0; i < flat.length; i += 2) out.push([flat[i]!, flat[i + 1]!]);
  return out;
}

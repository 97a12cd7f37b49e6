import { DEFAULT_RETENTION_DAYS } from "@/lib/domain/analytics";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { importLegacy } from "@/lib/operators/legacy-import";
import { LegacySource, type LegacyConnection } from "@/lib/operators/legacy-source";
import type { Inconsistency } from "@/lib/operators/legacy-state";
import { toSeconds } from "@/lib/operators/legacy-values";
import { checked } from "@/lib/store/checked";
import { openSqliteStore } from "@/lib/store/sqlite";
import type { Store } from "@/lib/store/types";

/** An in-memory legacy keyspace that answers the commands the import sends, and records them. */
function fakeLegacy(strings: Record<string, string>, zsets: Record<string, Record<string, number>> = {}, sets: Record<string, string[]> = {}) {
  const commands: string[][] = [];
  const keys = [...Object.keys(strings), ...Object.keys(zsets), ...Object.keys(sets)].sort();
  const page = <T>(items: T[], cursor: string, count: number): [string, T[]] => {
    const from = Number(cursor);
    const next = from + count;
    return [next >= items.length ? "0" : String(next), items.slice(from, next)];
  };
  const connection: LegacyConnection = {
    async command(args) {
      commands.push(args);
      const [name, ...rest] = args;
      switch (name) {
        case "SCAN":
          return page(keys, rest[0] ?? "0", Number(rest[2]));
        case "MGET":
          return rest.map((k) => strings[k] ?? null);
        case "TYPE": {
          const k = rest[0] ?? "";
          return k in strings ? "string" : k in zsets ? "zset" : k in sets ? "set" : "none";
        }
        case "ZSCAN": {
          const [next, entries] = page(Object.entries(zsets[rest[0] ?? ""] ?? {}), rest[1] ?? "0", Number(rest[3]));
          return [next, entries.flatMap(([m, s]) => [m, String(s)])];
        }
        case "SSCAN":
          return page(sets[rest[0] ?? ""] ?? [], rest[1] ?? "0", Number(rest[3]));
        default:
          throw new Error(`unexpected command ${name}`);
      }
    },
    close: async () => undefined,
  };
  return { source: new LegacySource(connection), commands };
}

const w = (tail: string, head = "0") => `0x${head.repeat(40 - tail.length)}${tail}`;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const referral = (referrer: string, at: number) => JSON.stringify({ referrer, createdAt: iso(at) });

let dir: string;
let store: Store;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "refboard-import-"));
  store = checked(openSqliteStore(dir, { retentionDays: DEFAULT_RETENTION_DAYS }));
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

async function run(legacy: ReturnType<typeof fakeLegacy>, options: Parameters<typeof importLegacy>[2] = {}) {
  const found: Inconsistency[] = [];
  const report = await importLegacy(legacy.source, store, { ...options, onInconsistency: (i) => found.push(i) });
  return { report, found, kinds: found.map((i) => i.kind).sort() };
}

describe("legacy import", () => {
  const A = w("a1", "a");
  const B = w("b2", "b");
  const C = w("c3", "c");
  const T0 = 1_714_000_000;

  it("maps a consistent keyspace: relationships, counts, scores, tasks; nothing to report", async () => {
    const legacy = fakeLegacy(
      {
        [`referral:${B}`]: referral(A, T0 + 100),
        [`referral:${C}`]: referral(A, T0 + 200),
        [`refcount:${A}`]: "2",
        [`refcode:${A.slice(-8)}`]: A,
        [`user:${B}`]: JSON.stringify({
          steam: { fishing: { last: T0 + 300 }, follow: { completed: true, ts: (T0 + 150) * 1000 }, comment: { completed: false, ts: 1 } },
          tasks: { nft_mint: true, referral: true },
        }),
      },
      { leaderboard: { [A]: 2, [B]: 1, [C]: 1 } },
      { "set:referrers": [A] },
    );
    const { report, found } = await run(legacy);
    expect(found).toEqual([]);
    expect(report).toMatchObject({ wallets: 3, referrals: 2, entries: 3, written: 3, legacyScoreTotal: 4, importedScoreTotal: 4 });
    const [a, b] = await store.getWallets([A, B]);
    expect(a).toMatchObject({ referrer: null, referralsCount: 2, entry: { score: 2, reachedAt: T0 + 200 }, createdAt: T0 + 100 });
    expect(b).toEqual({
      wallet: B,
      createdAt: T0 + 100,
      referrer: A,
      referredAt: T0 + 100,
      referralsCount: 0,
      entry: { score: 1, reachedAt: T0 + 100 },
      checkInLast: T0 + 300,
      social: { add_miniapp: null, fc_follow: T0 + 150, fc_like_recast: null, fc_comment: null },
      nftMint: true,
    });
    expect(await store.resolveRefCode(A.slice(-8))).toBe(A);
  });

  it("reports every inconsistency and applies the documented rule to each", async () => {
    const D = w("d4", "d");
    const E = w("e5", "e");
    const F = w("f6", "f");
    const legacy = fakeLegacy(
      {
        [`referral:${B}`]: referral(A, T0 + 100), // A: refcount says 3, one referee; legacy score 5 (double credits)
        [`refcount:${A}`]: "3",
        [`referral:${C}`]: referral(D, T0 + 50), // C and D: relationship without any score; D not in set:referrers
        [`referral:${E}`]: referral(E, T0), // self-referral
        "referral:0x123": referral(A, T0), // not a wallet
        [`referral:${F}`]: "{not json",
        [`refcode:${B.slice(-8)}`]: A, // names a wallet with another code
        [`user:${C}`]: "[]",
        "session:abc": "other app data",
      },
      { leaderboard: { [A]: 5, [B]: 0.5, [w("99", "9")]: 7 } }, // B: fractional; 0x99..: entry without data
      { "set:referrers": [A, F] }, // F refers nobody
    );
    const { report, kinds } = await run(legacy);
    expect(kinds).toEqual(
      [
        "bad-score",
        "entry-without-data",
        "inactive-referrer-in-set",
        "invalid-key",
        "missing-score",
        "missing-score",
        "refcode-mismatch",
        "refcount-mismatch",
        "refcount-mismatch",
        "referrer-not-in-set",
        "score-above-relationships",
        "self-referral",
        "unreadable-value",
        "unreadable-value",
      ].sort(),
    );
    expect(report.source.otherKeys).toBe(1);
    const [a, b, c, d, e, f, orphan] = await store.getWallets([A, B, C, D, E, F, w("99", "9")]);
    expect(a).toMatchObject({ referralsCount: 1, entry: { score: 5 } }); // count from relationships, legacy score kept
    expect(b).toMatchObject({ referrer: A, entry: { score: 1 } }); // 0.5 rounds up to 1, which the relationship justifies
    expect(c).toMatchObject({ referrer: D, entry: { score: 1 } }); // missing score restored
    expect(d).toMatchObject({ referralsCount: 1, entry: { score: 1 } });
    expect(e).toMatchObject({ referrer: null, entry: null }); // self-referral dropped
    expect(f).toMatchObject({ referrer: null, referralsCount: 0 }); // unreadable relationship dropped, wallet known
    expect(orphan).toMatchObject({ entry: { score: 7 } });
    expect(await store.areActiveReferrers([A, D, F])).toEqual([true, true, false]);
  });

  it('with scores "relationships", every score is recomputed', async () => {
    const legacy = fakeLegacy({ [`referral:${B}`]: referral(A, T0) }, { leaderboard: { [A]: 9, [B]: 1 } });
    const { report } = await run(legacy, { scores: "relationships" });
    expect(report.importedScoreTotal).toBe(2);
    expect((await store.getWallets([A]))[0]?.entry?.score).toBe(1);
  });

  it("mixed-case wallets are lowercased, and case variants are merged by the documented rules", async () => {
    const upperB = `0x${B.slice(2).toUpperCase()}`;
    const upperA = `0x${A.slice(2).toUpperCase()}`;
    const legacy = fakeLegacy(
      {
        [`referral:${upperB}`]: referral(upperA, T0 + 10), // earliest: the binding
        [`referral:${B}`]: referral(C, T0 + 20),
        [`user:${upperB}`]: JSON.stringify({ steam: { fishing: { last: T0 + 50 }, add_app: { completed: true, ts: T0 + 40 } } }),
        [`user:${B}`]: JSON.stringify({ steam: { fishing: { last: T0 + 60 }, add_app: { completed: true, ts: T0 + 30 } }, tasks: { nft_mint: true } }),
      },
      { leaderboard: { [upperA]: 1, [A]: 1, [B]: 1 } },
      { "set:referrers": [upperA] },
    );
    const { kinds } = await run(legacy);
    expect(kinds.filter((k) => k === "case-duplicate")).toHaveLength(3);
    const [a, b, c] = await store.getWallets([A, B, C]);
    expect(b).toMatchObject({ referrer: A, referredAt: T0 + 10, checkInLast: T0 + 60, nftMint: true });
    expect(b?.social.add_miniapp).toBe(T0 + 30);
    expect(a).toMatchObject({ referralsCount: 1, entry: { score: 2 } }); // scores of both spellings add up
    expect(c).toBeNull(); // the losing relationship names no wallet that exists otherwise
  });

  it("a code shared by several wallets stays with the one refcode:{code} named", async () => {
    const code = "c0dec0de";
    const early = w(code, "1");
    const owner = w(code, "2");
    const legacy = fakeLegacy(
      {
        [`refcode:${code}`]: owner,
        [`user:${early}`]: JSON.stringify({ steam: { fishing: { last: T0 } } }),
        [`user:${owner}`]: JSON.stringify({ steam: { fishing: { last: T0 + 1000 } } }),
      },
      {},
    );
    const { kinds } = await run(legacy);
    expect(kinds).toEqual(["shared-code"]);
    expect(await store.resolveRefCode(code)).toBe(owner);
  });

  it("is idempotent: a second run writes nothing and leaves the same records", async () => {
    const legacy = () =>
      fakeLegacy(
        { [`referral:${B}`]: referral(A, T0), [`user:${C}`]: JSON.stringify({ steam: { follow: { completed: true } } }) },
        { leaderboard: { [A]: 1 } },
      );
    const first = await run(legacy());
    const before = await store.getWallets([A, B, C]);
    const second = await run(legacy());
    expect(first.report.written).toBe(3);
    expect(second.report).toMatchObject({ written: 0, unchanged: 3, conflicting: 0 });
    expect(await store.getWallets([A, B, C])).toEqual(before);
  });

  it("stops before writing anything when the target holds different data, unless told to overwrite", async () => {
    await store.registerWallet(B, T0 + 999); // the target already knows B, differently
    const legacy = () => fakeLegacy({ [`referral:${B}`]: referral(A, T0), [`user:${C}`]: "{}" }, {});
    const stopped = await run(legacy());
    expect(stopped.report).toMatchObject({ aborted: true, conflicting: 1, written: 0, conflictSamples: [B] });
    expect(await store.getWallets([A, C])).toEqual([null, null]);
    const forced = await run(legacy(), { overwrite: true });
    expect(forced.report).toMatchObject({ aborted: false, written: 3 });
    expect((await store.getWallets([B]))[0]).toMatchObject({ referrer: A });
  });

  it("a dry run reads and reports but writes nothing", async () => {
    const { report } = await run(fakeLegacy({ [`referral:${B}`]: referral(A, T0) }), { dryRun: true });
    expect(report).toMatchObject({ wallets: 2, aborted: true, written: 0 });
    expect(await store.getWallets([A, B])).toEqual([null, null]);
  });

  it("sends the source read-only commands only, and refuses anything else", async () => {
    const legacy = fakeLegacy({ [`referral:${B}`]: referral(A, T0) }, { leaderboard: { [A]: 1 } }, { "set:referrers": [A] });
    await run(legacy);
    expect(new Set(legacy.commands.map((c) => c[0]))).toEqual(new Set(["SCAN", "MGET", "TYPE", "ZSCAN", "SSCAN"]));
    const source = legacy.source as unknown as { send(args: string[]): Promise<unknown> };
    expect(() => source.send(["DEL", "leaderboard"])).toThrow(/read-only/);
  });

  it("reads times as ISO strings, seconds, or milliseconds", () => {
    expect(toSeconds("2024-05-01T00:00:00.000Z")).toBe(1_714_521_600);
    expect(toSeconds(1_714_521_600)).toBe(1_714_521_600);
    expect(toSeconds(1_714_521_600_123)).toBe(1_714_521_600);
    expect(toSeconds("1714521600")).toBe(1_714_521_600);
    expect(toSeconds("yesterday")).toBeNull();
    expect(toSeconds(-5)).toBeNull();
  });
});

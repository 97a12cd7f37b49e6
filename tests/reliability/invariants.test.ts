/**
 * The invariant checker: zero violations on data written by the Store's own operations,
 * and each kind of corruption caught when it is introduced on purpose, one at a time,
 * on SQLite and on Redis. Also the CLI's exit codes.
 */
import { DEFAULT_RETENTION_DAYS } from "@/lib/domain/analytics";
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { openDatabase } from "@/lib/store/sqlite/db";
import { createClient } from "redis";
import { afterAll, afterEach, describe, expect, inject, it } from "vitest";
import { refCodeOf } from "@/lib/domain/wallet";
import { checkInvariants, VIOLATION_KINDS, type InvariantReport, type ViolationKind } from "@/lib/operators/invariants";
import { createStore } from "@/lib/store";
import type { Store } from "@/lib/store/types";
import { redisKeys } from "@/lib/store/redis/keys";
import { SQLITE_FILE_NAME } from "@/lib/store/sqlite";
import type { WalletRecord } from "@/lib/store/types";
import { bareRecord } from "@/tests/store/admin-contract";
import { completeQuests, visitQuest } from "@/tests/store/admin-quests-contract";
import { randomCode, randomWallet, walletWithCode } from "@/tests/support/wallets";
import { AT_ONCE } from "@/tests/support/rules";
import { STREAK_WINDOW_SECONDS } from "@/lib/domain/rulebook";

const T0 = 1_750_000_000;
const DAY = 86_400;
const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** What a corruption may touch below the Store: the parts OperatorStore.putWallets keeps consistent by itself. */
interface RawAccess {
  removeActiveReferrer(wallet: string): Promise<void>;
  /** Points a refCode at `owner`, or removes it from the index (null). */
  setCodeOwner(code: string, owner: string | null): Promise<void>;
  /** Overwrites the referral total that readBoardOverview reads. */
  setReferralTotal(referrals: number): Promise<void>;
  /** Overwrites the score total that getCampaign reads. */
  setScoreTotal(score: number): Promise<void>;
  /** Drops a referee from its referrer's referees index (Redis only: on SQLite the index is the wallets table's). */
  removeFromRefereeIndex?(referrer: string, referee: string): Promise<void>;
  /** A leaderboard entry for a wallet that is not known (Redis only: on SQLite an entry lives in its wallet's row). */
  addOrphanEntry?(wallet: string): Promise<void>;
  /** The same among the held entries of disqualified wallets (Redis only). */
  addOrphanHeldEntry?(wallet: string): Promise<void>;
}

interface Backend {
  name: "sqlite" | "redis";
  open(): Promise<{ store: Store; raw: RawAccess; env: Record<string, string>; close(): Promise<void> }>;
}

const redisClients: { close(): Promise<unknown> }[] = [];
afterAll(async () => {
  for (const c of redisClients) await c.close();
});

const BACKENDS: Backend[] = [
  {
    name: "sqlite",
    open: async () => {
      const dataDir = mkdtempSync(join(tmpdir(), "refboard-invariants-"));
      const store = await createStore({ kind: "sqlite", dataDir, retentionDays: DEFAULT_RETENTION_DAYS });
      const db = openDatabase(join(dataDir, SQLITE_FILE_NAME));
      const raw: RawAccess = {
        removeActiveReferrer: async (wallet) => void db.prepare("DELETE FROM active_referrers WHERE wallet = ?").run(wallet),
        setCodeOwner: async (code, owner) => {
          if (owner === null) db.prepare("DELETE FROM ref_codes WHERE code = ?").run(code);
          else db.prepare("INSERT INTO ref_codes (code, wallet) VALUES (?, ?) ON CONFLICT (code) DO UPDATE SET wallet = excluded.wallet").run(code, owner);
        },
        setReferralTotal: async (referrals) => void db.prepare("UPDATE referral_total SET referrals = ?").run(referrals),
        setScoreTotal: async (score) => void db.prepare("UPDATE score_total SET score = ?").run(score),
      };
      return {
        store,
        raw,
        env: { DATA_DIR: dataDir },
        close: async () => {
          db.close();
          await store.close();
          rmSync(dataDir, { recursive: true, force: true });
        },
      };
    },
  },
  {
    name: "redis",
    open: async () => {
      const url = inject("redisUrl");
      const prefix = `inv${randomUUID().slice(0, 8)}`;
      const store = await createStore({ kind: "redis", url, prefix, timeoutMs: 5_000, retentionDays: DEFAULT_RETENTION_DAYS });
      const keys = redisKeys(prefix);
      const client = createClient({ url });
      redisClients.push(client);
      await client.connect();
      const raw: RawAccess = {
        removeActiveReferrer: async (wallet) => void (await client.sRem(keys.activeReferrers, wallet)),
        setCodeOwner: async (code, owner) => {
          if (owner === null) await client.hDel(keys.codes, code);
          else await client.hSet(keys.codes, code, owner);
        },
        setReferralTotal: async (referrals) => void (await client.set(keys.referrals, String(referrals))),
        setScoreTotal: async (score) => void (await client.set(keys.score, String(score))),
        removeFromRefereeIndex: async (referrer, referee) => void (await client.zRem(keys.referees(referrer), referee)),
        addOrphanEntry: async (wallet) => void (await client.zAdd(keys.leaderboard, { score: -1e10, value: wallet })),
        addOrphanHeldEntry: async (wallet) => void (await client.zAdd(keys.held, { score: -1e10, value: wallet })),
      };
      return { store, raw, env: { REDIS_URL: url, STORE_PREFIX: prefix }, close: () => store.close() };
    },
  },
];

/** Data written only through the Store's atomic operations, with every shape the rules care about. */
async function seed(store: Store) {
  const referrers = [randomWallet(), randomWallet(), randomWallet()];
  for (const r of referrers) await store.registerWallet(r, T0);
  const referees: string[] = [];
  for (let i = 0; i < 12; i++) {
    const referee = randomWallet();
    const result = await store.recordReferral({ referee, refCode: refCodeOf(referrers[i % 3]!), selfReferral: false, now: T0 + i, terms: AT_ONCE });
    expect(result.outcome).toBe("recorded");
    referees.push(referee);
  }
  // A referee who refers in turn: both a referrer and a count.
  const second = randomWallet();
  await store.recordReferral({ referee: second, refCode: refCodeOf(referees[0]!), selfReferral: false, now: T0 + 20, terms: AT_ONCE });
  // A repeat grants nothing.
  await store.recordReferral({ referee: referees[1]!, refCode: refCodeOf(referrers[2]!), selfReferral: false, now: T0 + 21, terms: AT_ONCE });
  await store.checkIn(referees[1]!, T0 + 30, DAY, null, STREAK_WINDOW_SECONDS);
  await store.completeSocialTask(referees[2]!, "fc_follow", T0 + 31);
  await store.markNftMint(referees[3]!, T0 + 32, null);
  // A score-0 entry (GET /api/leaderboard/user) and a known wallet without any entry.
  const zeroEntry = randomWallet();
  await store.getRankOrCreate(zeroEntry, T0 + 40);
  const plain = randomWallet();
  await store.registerWallet(plain, T0 + 41);
  // Shared codes: known in different seconds (the earlier keeps it), and in the same second
  // with the later caller having the smaller address (the first caller keeps it all the same).
  const code = randomCode();
  const [early, late] = [walletWithCode(code), walletWithCode(code)];
  await store.registerWallet(early, T0 + 50);
  await store.registerWallet(late, T0 + 60);
  const sameSecondCode = randomCode();
  const first = `0xf${randomUUID().replace(/-/g, "").slice(0, 31)}${sameSecondCode}`;
  const secondSameSecond = `0x0${randomUUID().replace(/-/g, "").slice(0, 31)}${sameSecondCode}`;
  await store.registerWallet(first, T0 + 70);
  expect((await store.registerWallet(secondSameSecond, T0 + 70)).codeOwner).toBe(first);
  // A farm taken off the board with its referees, which goes on scoring while held.
  const farmer = randomWallet();
  await store.registerWallet(farmer, T0 + 79);
  for (const [i, farmed] of [randomWallet(), randomWallet()].entries()) {
    await store.recordReferral({ referee: farmed, refCode: refCodeOf(farmer), selfReferral: false, now: T0 + 80 + i, terms: AT_ONCE });
  }
  await store.disqualify({ wallet: farmer, reason: "farm", cascade: true, admin: "test", now: T0 + 90 });
  await store.recordReferral({ referee: randomWallet(), refCode: refCodeOf(farmer), selfReferral: false, now: T0 + 91, terms: AT_ONCE });
  // Quest points on a referee's referral point, on a referrer's, and on a held entry.
  await completeQuests(store, referees[0]!, [visitQuest("intro", 5), visitQuest("daily", 2, "daily")], T0 + 100);
  await completeQuests(store, referrers[1]!, [visitQuest("intro", 5)], T0 + 110);
  await completeQuests(store, farmer, [visitQuest("daily", 2, "daily")], T0 + 120);
  return { referrers, referees, second, zeroEntry, plain, early, late };
}

type Seeded = Awaited<ReturnType<typeof seed>>;

async function record(store: Store, wallet: string): Promise<WalletRecord> {
  const [found] = await store.getWallets([wallet]);
  if (!found) throw new Error(`no record of ${wallet}`);
  return found;
}

interface Corruption {
  name: string;
  kinds: ViolationKind[];
  only?: Backend["name"];
  /** Breaks the data; returns the wallet the checker must name. */
  apply(store: Store, raw: RawAccess, s: Seeded): Promise<string>;
}

const CORRUPTIONS: Corruption[] = [
  {
    name: "a leaderboard score one point too high",
    kinds: ["score-mismatch"],
    apply: async (store, _raw, s) => {
      const r = await record(store, s.referees[4]!);
      await store.putWallets([{ ...r, entry: { score: r.entry!.score + 1, reachedAt: r.entry!.reachedAt } }]);
      return r.wallet;
    },
  },
  {
    name: "a tampered quest-point value (the score moved with it)",
    kinds: ["quest-ledger"],
    apply: async (store, _raw, s) => {
      const r = await record(store, s.referees[0]!);
      await store.putWallets([{ ...r, entry: { ...r.entry!, score: r.entry!.score + 1 }, quests: { ...r.quests!, points: r.quests!.points + 1 } }]);
      return r.wallet;
    },
  },
  {
    name: "a score without its quest points",
    kinds: ["score-mismatch"],
    apply: async (store, _raw, s) => {
      const r = await record(store, s.referrers[1]!);
      await store.putWallets([{ ...r, entry: { ...r.entry!, score: r.entry!.score - r.quests!.points } }]);
      return r.wallet;
    },
  },
  {
    name: "a referred wallet without a leaderboard entry",
    kinds: ["missing-entry"],
    apply: async (store, _raw, s) => {
      const r = await record(store, s.referees[5]!);
      await store.putWallets([{ ...r, entry: null }]);
      return r.wallet;
    },
  },
  {
    name: "a referral counted twice (count and score both +1, no referee)",
    kinds: ["count-mismatch"],
    apply: async (store, _raw, s) => {
      const r = await record(store, s.referrers[0]!);
      await store.putWallets([{ ...r, referralsCount: r.referralsCount + 1, entry: { score: r.entry!.score + 1, reachedAt: r.entry!.reachedAt } }]);
      return r.wallet;
    },
  },
  {
    name: "a referee moved to another referrer without moving the count",
    kinds: ["count-mismatch"],
    apply: async (store, _raw, s) => {
      const r = await record(store, s.referees[6]!); // referred by referrers[0]
      await store.putWallets([{ ...r, referrer: s.referrers[1]! }]);
      return s.referrers[1]!;
    },
  },
  {
    name: "a referee bound to a wallet nobody knows",
    kinds: ["unknown-referrer"],
    apply: async (store) => {
      const ghost = randomWallet();
      const wallet = randomWallet();
      await store.putWallets([bareRecord({ wallet, referrer: ghost, referredAt: T0, entry: { score: 1, reachedAt: T0 } })]);
      return ghost;
    },
  },
  {
    name: "a wallet referred by itself",
    kinds: ["self-referral"],
    apply: async (store) => {
      const wallet = randomWallet();
      await store.putWallets([
        bareRecord({ wallet, referrer: wallet, referredAt: T0, referralsCount: 1, entry: { score: 2, reachedAt: T0 } }),
      ]);
      return wallet;
    },
  },
  {
    name: "a referrer missing from the active set",
    kinds: ["inactive-referrer"],
    apply: async (_store, raw, s) => {
      await raw.removeActiveReferrer(s.referrers[2]!);
      return s.referrers[2]!;
    },
  },
  {
    name: "a known wallet's code missing from the index",
    kinds: ["code-unresolved"],
    apply: async (_store, raw, s) => {
      await raw.setCodeOwner(refCodeOf(s.plain), null);
      return s.plain;
    },
  },
  {
    name: "a code pointing at a wallet with another code",
    kinds: ["code-wrong-owner"],
    apply: async (_store, raw, s) => {
      await raw.setCodeOwner(refCodeOf(s.plain), s.zeroEntry);
      return s.plain;
    },
  },
  {
    name: "a shared code taken over by the wallet known later",
    kinds: ["code-wrong-owner"],
    apply: async (_store, raw, s) => {
      await raw.setCodeOwner(refCodeOf(s.early), s.late);
      return s.early;
    },
  },
  {
    name: "a code pointing at a wallet that is not known",
    kinds: ["code-wrong-owner"],
    apply: async (_store, raw, s) => {
      await raw.setCodeOwner(refCodeOf(s.plain), walletWithCode(refCodeOf(s.plain)));
      return s.plain;
    },
  },
  {
    name: "a referral total that drifted from the referees bound",
    kinds: ["referral-total"],
    apply: async (_store, raw) => {
      await raw.setReferralTotal(12);
      return "";
    },
  },
  {
    name: "a score total that drifted from the scores",
    kinds: ["score-total"],
    apply: async (_store, raw) => {
      await raw.setScoreTotal(3);
      return "";
    },
  },
  {
    name: "a referee missing from its referrer's referees index, as in a store from before the index",
    kinds: ["referee-index"],
    only: "redis",
    apply: async (store, raw, s) => {
      const r = await record(store, s.referees[8]!);
      await raw.removeFromRefereeIndex!(r.referrer!, r.wallet);
      return r.wallet;
    },
  },
  {
    name: "a leaderboard entry of a wallet that is not known",
    kinds: ["orphan-entry"],
    only: "redis",
    apply: async (_store, raw) => {
      const ghost = randomWallet();
      await raw.addOrphanEntry!(ghost);
      return ghost;
    },
  },
  {
    name: "a held entry (a disqualified wallet's) of a wallet that is not known",
    kinds: ["orphan-entry"],
    only: "redis",
    apply: async (_store, raw) => {
      const ghost = randomWallet();
      await raw.addOrphanHeldEntry!(ghost);
      return ghost;
    },
  },
];

function kindsOf(report: InvariantReport): ViolationKind[] {
  return VIOLATION_KINDS.filter((k) => report.byKind[k] > 0);
}

function runCli(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--conditions=react-server", "--import", "tsx", join(ROOT, "scripts/check-invariants.ts"), ...args],
      { cwd: ROOT, env: { PATH: process.env.PATH, NODE_ENV: "production", ...env }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

for (const backend of BACKENDS) {
  describe(`invariant checker on ${backend.name}`, () => {
    const opened: { close(): Promise<void> }[] = [];
    afterEach(async () => {
      for (const o of opened.splice(0)) await o.close();
    });
    const open = async () => {
      const o = await backend.open();
      opened.push(o);
      return o;
    };

    it("finds zero violations in data written by the Store's own operations, at any page size", async () => {
      const { store } = await open();
      await seed(store);
      for (const pageSize of [1, 5, 500]) {
        const report = await checkInvariants(store, { pageSize });
        expect(report.samples).toEqual([]);
        expect(report).toMatchObject({ violations: 0, wallets: 26, referrals: 16 });
        expect(report.entries).toBe(21); // 4 referrers (one held) + 16 referees (two held) + the score-0 entry
      }
    });

    for (const corruption of CORRUPTIONS.filter((c) => !c.only || c.only === backend.name)) {
      it(`catches ${corruption.name} (${corruption.kinds.join(", ")})`, async () => {
        const { store, raw } = await open();
        const seeded = await seed(store);
        const wallet = await corruption.apply(store, raw, seeded);
        const report = await checkInvariants(store, { pageSize: 5 });
        expect(kindsOf(report)).toEqual(corruption.kinds);
        expect(report.samples.map((v) => v.wallet)).toContain(wallet);
      });
    }

    it("npm run check:invariants exits 0 on consistent data and 1 with the violation listed", async () => {
      const { store, env } = await open();
      const seeded = await seed(store);
      const clean = await runCli(["--backend", backend.name], env);
      expect(clean.stdout, clean.stderr).toContain("OK: 0 violations");
      expect(clean.code).toBe(0);

      const r = await record(store, seeded.referees[7]!);
      await store.putWallets([{ ...r, entry: { score: 5, reachedAt: r.entry!.reachedAt } }]);
      const broken = await runCli(["--backend", backend.name, "--json"], env);
      expect(broken.code).toBe(1);
      const summary = JSON.parse(broken.stdout) as InvariantReport;
      expect(summary).toMatchObject({ violations: 1, byKind: { "score-mismatch": 1 } });
      expect(summary.samples[0]).toMatchObject({ kind: "score-mismatch", wallet: r.wallet });
    }, 60_000);
  });
}

/**
 * The quest side of OperatorStore records, on every backend behind the validating wrapper: what
 * creditAction wrote comes back whole from getWallets and scanWallets, a re-put changes nothing, a put
 * quest side is what the quest store then reads (points, cooldowns, ledger, completions), and a record
 * without one clears it.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Quest } from "@/lib/contract/quest-schemas";
import { MAX_QUEST_POINTS, RECURRENCE_PERIOD_SECONDS } from "@/lib/domain/quests";
import { checked } from "@/lib/store/checked";
import type { Store, WalletQuestRecord, WalletRecord } from "@/lib/store/types";
import { randomWallet } from "@/tests/support/wallets";

const T0 = 1_750_000_000;
const DAY = RECURRENCE_PERIOD_SECONDS.daily;

export const visitQuest = (id: string, points: number, recurrence: Quest["recurrence"] = "once"): Quest => ({
  id,
  title: `Visit ${id}`,
  description: "",
  type: "visit",
  params: { url: "https://example.com/" },
  points,
  recurrence,
  archived: false,
});

/** Creates `quests` and completes each, as the quest service would, at T0 + i; returns the catalog version. */
export async function completeQuests(store: Store, wallet: string, quests: Quest[], at = T0): Promise<number> {
  for (const quest of quests) await store.createQuest(quest);
  const { version } = await store.readQuestCatalog();
  for (const [i, quest] of quests.entries()) {
    const periodSeconds = quest.recurrence === "once" ? null : RECURRENCE_PERIOD_SECONDS[quest.recurrence];
    const result = await store.creditAction({ wallet, action: { source: "quest", id: quest.id, catalogVersion: version }, points: quest.points, periodSeconds, now: at + i });
    expect(result.outcome).toBe("credited");
  }
  return version;
}

async function recordOf(store: Store, wallet: string): Promise<WalletRecord> {
  const [record] = await store.getWallets([wallet]);
  if (!record) throw new Error(`no record of ${wallet}`);
  return record;
}

export function describeOperatorQuestsContract(name: string, openBackend: () => Promise<Store>) {
  describe(`operator store contract, quest side: ${name}`, () => {
    let store: Store;
    beforeEach(async () => {
      store = checked(await openBackend());
    });
    afterEach(async () => {
      await store.close();
    });

    it("a wallet's completions come back in its record: points, last completion per quest, ledger oldest first", async () => {
      const wallet = randomWallet();
      const version = await completeQuests(store, wallet, [visitQuest("once", 7), visitQuest("daily", 3, "daily")]);
      await store.creditAction({ wallet, action: { source: "quest", id: "daily", catalogVersion: version }, points: 3, periodSeconds: DAY, now: T0 + 1 + DAY });
      const quests: WalletQuestRecord = {
        points: 13,
        lastCompleted: { once: T0, daily: T0 + 1 + DAY },
        ledger: [
          { source: "quest", questId: "once", points: 7, at: T0 },
          { source: "quest", questId: "daily", points: 3, at: T0 + 1 },
          { source: "quest", questId: "daily", points: 3, at: T0 + 1 + DAY },
        ],
      };
      const record = await recordOf(store, wallet);
      expect(record).toMatchObject({ entry: { score: 13 }, quests });
      let cursor = "0";
      const scanned: WalletRecord[] = [];
      do {
        const page = await store.scanWallets(cursor, 200);
        scanned.push(...page.records);
        cursor = page.cursor;
      } while (cursor !== "0");
      expect(scanned).toEqual([record]);
    });

    it("a wallet that did no quest has no quest side", async () => {
      const wallet = randomWallet();
      await store.registerWallet(wallet, T0);
      expect((await recordOf(store, wallet)).quests).toBeUndefined();
    });

    it("a re-put changes nothing: the record, the ledger, the completions, the score total", async () => {
      const wallet = randomWallet();
      await completeQuests(store, wallet, [visitQuest("a", 4), visitQuest("b", 2, "weekly")]);
      const before = {
        record: await recordOf(store, wallet),
        catalog: await store.readQuestCatalog(),
        ledger: await store.getQuestLedger(wallet, 10),
        total: (await store.getCampaign(0, 0, [])).totalScore,
      };
      await store.putWallets([before.record]);
      await store.putWallets([before.record]);
      expect({
        record: await recordOf(store, wallet),
        catalog: await store.readQuestCatalog(),
        ledger: await store.getQuestLedger(wallet, 10),
        total: (await store.getCampaign(0, 0, [])).totalScore,
      }).toEqual(before);
    });

    it("a put quest side is what the quest store reads: points, cooldown, ledger newest first, completions", async () => {
      await store.createQuest(visitQuest("daily", 5, "daily"));
      const wallet = randomWallet();
      const now = T0 + DAY;
      const quests: WalletQuestRecord = {
        points: 10,
        lastCompleted: { daily: now - DAY + 1 },
        ledger: [
          { source: "quest", questId: "daily", points: 5, at: now - 2 * DAY },
          { source: "quest", questId: "daily", points: 5, at: now - DAY + 1 },
        ],
      };
      await store.putWallets([{ ...bareOf(wallet), entry: { score: 10, reachedAt: now - DAY + 1 }, quests }]);
      const read = await store.readQuests(wallet);
      expect(read.wallet).toMatchObject({ points: 10, lastCompleted: { daily: now - DAY + 1 } });
      expect(await store.getQuestLedger(wallet, 10)).toEqual({ points: 10, total: 2, entries: [...quests.ledger].reverse() });
      expect((await store.readQuestCatalog()).completions).toEqual({ daily: 2 });
      // One second short of the period since the put last completion: on cooldown; at exactly the period: due.
      const attempt = (at: number) =>
        store.creditAction({ wallet, action: { source: "quest", id: "daily", catalogVersion: read.version }, points: 5, periodSeconds: DAY, now: at });
      expect(await attempt(now)).toEqual({ outcome: "cooldown", last: now - DAY + 1 });
      expect(await attempt(now + 1)).toEqual({ outcome: "credited", questPoints: 15 });
    });

    it("a record without a quest side clears it, and the completions it held go with it", async () => {
      const wallet = randomWallet();
      const other = randomWallet();
      await completeQuests(store, wallet, [visitQuest("q", 6)]);
      await completeQuests(store, other, [visitQuest("q", 6)], T0 + 5);
      const { quests: _dropped, ...record } = await recordOf(store, wallet);
      await store.putWallets([{ ...record, entry: { score: 0, reachedAt: T0 } }]);
      expect((await recordOf(store, wallet)).quests).toBeUndefined();
      expect((await store.readQuests(wallet)).wallet).toMatchObject({ points: 0, lastCompleted: {} });
      expect(await store.getQuestLedger(wallet, 10)).toEqual({ points: 0, total: 0, entries: [] });
      expect((await store.readQuestCatalog()).completions).toEqual({ q: 1 });
      await store.putWallets([{ ...(await recordOf(store, other)), quests: undefined }]);
      expect((await store.readQuestCatalog()).completions).toEqual({});
    });

    it("an empty quest side (0 points, no entry) is kept as given", async () => {
      const record = { ...bareOf(randomWallet()), quests: { points: 0, lastCompleted: {}, ledger: [] } };
      await store.putWallets([record]);
      expect(await recordOf(store, record.wallet)).toEqual(record);
    });

    it("refuses a malformed quest side before writing anything, and takes MAX_QUEST_POINTS exactly", async () => {
      const wallet = randomWallet();
      const side = (quests: WalletQuestRecord) => store.putWallets([{ ...bareOf(wallet), quests }]);
      const entry = { source: "quest" as const, questId: "q", points: MAX_QUEST_POINTS, at: T0 };
      await expect(side({ points: 1, lastCompleted: { "Not A Slug": T0 }, ledger: [] })).rejects.toThrow(RangeError);
      await expect(side({ points: 1, lastCompleted: {}, ledger: [{ ...entry, questId: "a,b" }] })).rejects.toThrow(RangeError);
      await expect(side({ points: -1, lastCompleted: {}, ledger: [] })).rejects.toThrow(RangeError);
      await expect(side({ points: 1, lastCompleted: {}, ledger: [{ ...entry, points: MAX_QUEST_POINTS + 1 }] })).rejects.toThrow(RangeError);
      await expect(side({ points: 1, lastCompleted: { q: -1 }, ledger: [] })).rejects.toThrow(RangeError);
      expect(await store.getWallets([wallet])).toEqual([null]);
      await side({ points: MAX_QUEST_POINTS, lastCompleted: { q: T0 }, ledger: [entry] });
      expect((await recordOf(store, wallet)).quests).toEqual({ points: MAX_QUEST_POINTS, lastCompleted: { q: T0 }, ledger: [entry] });
    });
  });
}

/** bareRecord of admin-contract.ts, which runs this suite, for a given wallet. */
function bareOf(wallet: string): WalletRecord {
  return {
    wallet,
    createdAt: T0,
    referrer: null,
    referredAt: null,
    referralsCount: 0,
    entry: null,
    checkInLast: null,
    social: { add_miniapp: null, fc_follow: null, fc_like_recast: null, fc_comment: null },
    nftMint: false,
  };
}

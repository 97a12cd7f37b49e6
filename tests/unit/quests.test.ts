import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  QUEST_TYPES,
  RECURRENCE_PERIOD_SECONDS,
  argsFor,
  compareReading,
  isQuestActive,
  isQuestId,
  needsOutsideCheck,
  questCooldown,
  questPhase,
  questStatus,
  verifierOf,
  type QuestRules,
} from "@/lib/domain/quests";

const START = "2026-03-01T00:00:00Z";
const END = "2026-03-08T00:00:00Z";
const startS = Date.parse(START) / 1000;
const endS = Date.parse(END) / 1000;

describe("quest ids", () => {
  it("an id is a slug of lowercase words joined by single hyphens, at most 64 characters", () => {
    expect(isQuestId("follow-us-2")).toBe(true);
    expect(isQuestId("a".repeat(64))).toBe(true);
    expect(isQuestId("a".repeat(65))).toBe(false);
    expect(isQuestId("")).toBe(false);
    for (const bad of ["Follow", "follow_us", "-follow", "follow-", "follow--us", "follow us", "daily_checkin"]) {
      expect(isQuestId(bad), bad).toBe(false);
    }
  });
});

describe("quest types", () => {
  it("each type has one verifier: visit is self-attested, a quiz its answer, four read the chain, five ask Farcaster", () => {
    const byVerifier: Record<string, string[]> = {};
    for (const type of QUEST_TYPES) (byVerifier[verifierOf(type)] ??= []).push(type);
    expect(byVerifier).toEqual({
      "self-attested": ["visit"],
      answer: ["quiz"],
      "on-chain": ["erc20_balance", "erc721_balance", "tx_count", "contract_read"],
      farcaster: ["farcaster_follow", "farcaster_reaction", "farcaster_reply", "farcaster_channel", "farcaster_score"],
    });
  });

  it("only on-chain and Farcaster quests ask an outside service", () => {
    expect(QUEST_TYPES.filter(needsOutsideCheck)).toEqual(QUEST_TYPES.filter((t) => !["visit", "quiz"].includes(t)));
  });
});

describe("recurrence and cooldown", () => {
  it("a daily quest is available again exactly 86,400 s after its last completion", () => {
    expect(RECURRENCE_PERIOD_SECONDS.daily).toBe(86_400);
    expect(questCooldown("daily", 1_000, 1_000)).toBe(86_400);
    expect(questCooldown("daily", 1_000, 1_000 + 86_399)).toBe(1);
    expect(questCooldown("daily", 1_000, 1_000 + 86_400)).toBe(0);
  });

  it("a weekly quest is available again exactly 604,800 s after its last completion", () => {
    expect(RECURRENCE_PERIOD_SECONDS.weekly).toBe(604_800);
    expect(questCooldown("weekly", 0, 604_799)).toBe(1);
    expect(questCooldown("weekly", 0, 604_800)).toBe(0);
  });

  it("a quest never completed, and a once quest, have no cooldown", () => {
    expect(questCooldown("daily", null, 5)).toBe(0);
    expect(questCooldown("once", 5, 5)).toBe(0);
  });

  it("cooldowns are whole seconds, never negative, never past one period", () => {
    fc.assert(
      fc.property(fc.constantFrom("daily" as const, "weekly" as const), fc.nat(2_000_000), fc.nat(2_000_000), (recurrence, last, delta) => {
        const remaining = questCooldown(recurrence, last, last + delta);
        return Number.isInteger(remaining) && remaining >= 0 && remaining <= RECURRENCE_PERIOD_SECONDS[recurrence];
      }),
    );
  });
});

describe("the schedule", () => {
  const schedule = { startsAt: START, endsAt: END };

  it("startsAt is inclusive: the quest is active from that second on", () => {
    expect(questPhase(schedule, startS - 1)).toBe("upcoming");
    expect(questPhase(schedule, startS)).toBe("active");
    expect(isQuestActive(schedule, startS)).toBe(true);
  });

  it("endsAt is exclusive: the quest has ended at that second", () => {
    expect(questPhase(schedule, endS - 1)).toBe("active");
    expect(questPhase(schedule, endS)).toBe("ended");
    expect(isQuestActive(schedule, endS)).toBe(false);
  });

  it("a start or end within a second counts from the first whole second at or after it", () => {
    expect(questPhase({ startsAt: "2026-03-01T00:00:00.500Z" }, startS)).toBe("upcoming");
    expect(questPhase({ startsAt: "2026-03-01T00:00:00.500Z" }, startS + 1)).toBe("active");
    expect(questPhase({ endsAt: "2026-03-01T00:00:00.500Z" }, startS)).toBe("active");
    expect(questPhase({ endsAt: "2026-03-01T00:00:00.500Z" }, startS + 1)).toBe("ended");
  });

  it("an offset is read as the instant it names", () => {
    expect(questPhase({ startsAt: "2026-03-01T02:00:00+02:00" }, startS)).toBe("active");
    expect(questPhase({ startsAt: "2026-03-01T02:00:00+02:00" }, startS - 1)).toBe("upcoming");
  });

  it("without startsAt or endsAt a quest is always active", () => {
    expect(isQuestActive({}, 0)).toBe(true);
    expect(isQuestActive({}, 4_000_000_000)).toBe(true);
  });
});

describe("a quest's status for a wallet", () => {
  const quest = (over: Partial<QuestRules> = {}): QuestRules => ({ type: "visit", recurrence: "once", ...over });
  const progress = { lastCompletedAt: null, fidLinked: false, now: startS };

  it("a quest never done, active, with nothing missing, is available", () => {
    expect(questStatus(quest(), progress)).toBe("available");
  });

  it("a once quest done is completed, even after it ended or before it starts", () => {
    expect(questStatus(quest(), { ...progress, lastCompletedAt: 1 })).toBe("completed");
    expect(questStatus(quest({ endsAt: START }), { ...progress, lastCompletedAt: 1 })).toBe("completed");
    expect(questStatus(quest({ startsAt: END }), { ...progress, lastCompletedAt: 1 })).toBe("completed");
  });

  it("a daily quest is on cooldown until exactly one period after its last completion", () => {
    const daily = quest({ recurrence: "daily" });
    expect(questStatus(daily, { ...progress, lastCompletedAt: startS - 86_399 })).toBe("cooldown");
    expect(questStatus(daily, { ...progress, lastCompletedAt: startS - 86_400 })).toBe("available");
  });

  it("outside its schedule a quest is upcoming or ended, before any cooldown or missing fid", () => {
    const daily = quest({ type: "farcaster_follow", recurrence: "daily", startsAt: START, endsAt: END });
    expect(questStatus(daily, { ...progress, now: startS - 1, lastCompletedAt: startS - 2 })).toBe("upcoming");
    expect(questStatus(daily, { ...progress, now: endS, lastCompletedAt: endS - 1 })).toBe("ended");
    expect(questStatus(daily, { ...progress, now: endS - 1, lastCompletedAt: endS - 2 })).toBe("cooldown");
  });

  it("a Farcaster quest needs a linked fid; a cooldown comes first, as linking would not help yet", () => {
    const follow = quest({ type: "farcaster_follow", recurrence: "weekly" });
    expect(questStatus(follow, progress)).toBe("needs_farcaster");
    expect(questStatus(follow, { ...progress, fidLinked: true })).toBe("available");
    expect(questStatus(follow, { ...progress, lastCompletedAt: startS })).toBe("cooldown");
    expect(questStatus(quest({ type: "erc20_balance" }), progress)).toBe("available");
  });
});

describe("contract_read rules", () => {
  it("each comparator at its boundary", () => {
    expect([compareReading(5n, "gte", 5n), compareReading(4n, "gte", 5n)]).toEqual([true, false]);
    expect([compareReading(6n, "gt", 5n), compareReading(5n, "gt", 5n)]).toEqual([true, false]);
    expect([compareReading(5n, "eq", 5n), compareReading(6n, "eq", 5n)]).toEqual([true, false]);
    expect([compareReading(5n, "lte", 5n), compareReading(6n, "lte", 5n)]).toEqual([true, false]);
    expect([compareReading(4n, "lt", 5n), compareReading(5n, "lt", 5n)]).toEqual([true, false]);
  });

  it("a bool reads as 1 or 0", () => {
    expect(compareReading(true, "eq", 1n)).toBe(true);
    expect(compareReading(false, "eq", 0n)).toBe(true);
    expect(compareReading(false, "gte", 1n)).toBe(false);
  });

  it('"{wallet}" stands for the wallet, and only as a whole argument', () => {
    const wallet = "0x" + "ab".repeat(20);
    expect(argsFor(["{wallet}", "7", "x{wallet}"], wallet)).toEqual([wallet, "7", "x{wallet}"]);
  });
});

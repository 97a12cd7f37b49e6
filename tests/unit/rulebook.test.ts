/** The rulebook's pure rules: what the store is given for each REFERRAL_QUALIFY rule, and the points it counts. */
import { describe, expect, it } from "vitest";
import { scoreOf } from "@/lib/domain/leaderboard";
import { QUALIFY_RULES } from "@/lib/domain/qualify";
import * as rulebook from "@/lib/domain/rulebook";
import {
  currentStreak,
  DEFAULT_RULEBOOK,
  earnRule,
  pendingCreditOn,
  questEarnRule,
  pointsPerReferral,
  referralCredit,
  referralTerms,
  rulebookOf,
  nextStreakBonus,
  STREAK_WINDOW_SECONDS,
  streakBonusId,
  streakLengthOf,
} from "@/lib/domain/rulebook";
import { CHECKIN_COOLDOWN_SECONDS, MILESTONES } from "@/lib/domain/tasks";

const RULES = { referral: { referrer: 3, referee: 2 }, qualify: "none" } as const;

describe("the rulebook", () => {
  it("the streak window is two cooldowns: a streak still counts 1 s before it ends and is 0 from its last second on", () => {
    expect(STREAK_WINDOW_SECONDS).toBe(2 * CHECKIN_COOLDOWN_SECONDS);
    const last = 1_750_000_000;
    expect(currentStreak({ last, streak: 4 }, last)).toBe(4);
    expect(currentStreak({ last, streak: 4 }, last + STREAK_WINDOW_SECONDS - 1)).toBe(4);
    expect(currentStreak({ last, streak: 4 }, last + STREAK_WINDOW_SECONDS)).toBe(0);
    expect(currentStreak({ last: null, streak: 0 }, last)).toBe(0);
  });

  it("the next streak bonus is the shortest length above the streak: at exactly a length, the one after it", () => {
    const bonuses = [
      { streak: 30, points: 100 },
      { streak: 7, points: 10 },
    ];
    expect(nextStreakBonus(bonuses, 0)).toEqual({ streak: 7, points: 10 });
    expect(nextStreakBonus(bonuses, 6)).toEqual({ streak: 7, points: 10 });
    expect(nextStreakBonus(bonuses, 7)).toEqual({ streak: 30, points: 100 });
    expect(nextStreakBonus(bonuses, 30)).toBeNull();
    expect(nextStreakBonus([], 0)).toBeNull();
  });

  it("a streak bonus's id names its length; a task's id, a zero or a padded length is none", () => {
    expect(streakBonusId(7)).toBe("streak:7");
    expect(streakLengthOf(streakBonusId(365))).toBe(365);
    for (const id of ["daily_checkin", "streak:0", "streak:07", "streak:", "streak:7x", "xstreak:7"]) expect(streakLengthOf(id)).toBeNull();
  });

  it("a quest's earn rule is its points now and its recurrence's period, null for a once quest", () => {
    expect(questEarnRule({ points: 5, recurrence: "once" })).toEqual({ points: 5, periodSeconds: null });
    expect(questEarnRule({ points: 2, recurrence: "daily" })).toEqual({ points: 2, periodSeconds: 86_400 });
    expect(questEarnRule({ points: 0, recurrence: "weekly" })).toEqual({ points: 0, periodSeconds: 604_800 });
    expect(() => questEarnRule({ points: -1, recurrence: "once" })).toThrow(RangeError);
  });

  it("an earn rule takes whole points from 0 and a period from 1 s, or none", () => {
    expect(earnRule({ points: 0, periodSeconds: 1 })).toEqual({ points: 0, periodSeconds: 1 });
    expect(earnRule({ points: 1, periodSeconds: null })).toEqual({ points: 1, periodSeconds: null });
    expect(() => earnRule({ points: -1, periodSeconds: null })).toThrow(RangeError);
    expect(() => earnRule({ points: 1.5, periodSeconds: null })).toThrow(RangeError);
    expect(() => earnRule({ points: 1, periodSeconds: 0 })).toThrow(RangeError);
    expect(() => earnRule({ points: 1, periodSeconds: 0.5 })).toThrow(RangeError);
  });

  it("by default a referral gives each side 1 point, credited at binding, as docs/api.md says", () => {
    expect(DEFAULT_RULEBOOK).toEqual({ referral: { referrer: 1, referee: 1 }, qualify: "none" });
    expect(referralTerms(DEFAULT_RULEBOOK)).toEqual({ credit: { points: { referrer: 1, referee: 1 } }, creditWhen: "now" });
    expect(pointsPerReferral(DEFAULT_RULEBOOK.referral)).toBe(2);
  });

  it("each REFERRAL_QUALIFY rule gives the binding its condition, and the one step that credits a pending referral", () => {
    const given = QUALIFY_RULES.map((qualify) => {
      const rules = { ...RULES, qualify };
      return [qualify, referralTerms(rules).creditWhen, pendingCreditOn(rules, "check-in"), pendingCreditOn(rules, "nft-mint")];
    });
    const credit = { points: RULES.referral };
    expect(given).toEqual([
      ["none", "now", null, null],
      ["checkin", "checked-in", credit, null],
      ["nft_mint", "nft-mint", null, credit],
      ["onchain", "later", null, null],
      ["farcaster", "later", null, null],
    ]);
    expect(rulebookOf("checkin")).toEqual({ ...DEFAULT_RULEBOOK, qualify: "checkin" });
  });

  it("a credit takes whole points from 0 up, and refuses anything else", () => {
    expect(referralCredit({ ...RULES, referral: { referrer: 0, referee: 0 } }).points).toEqual({ referrer: 0, referee: 0 });
    expect(() => referralCredit({ ...RULES, referral: { referrer: -1, referee: 0 } })).toThrow(/referrer must be a whole number >= 0, got -1/);
    expect(() => referralCredit({ ...RULES, referral: { referrer: 1, referee: 1.5 } })).toThrow(/referee/);
  });

  it("a score is the points of the referrals a wallet made and of its own", () => {
    expect(scoreOf(4, true, RULES.referral)).toBe(4 * 3 + 2);
    expect(scoreOf(4, false, RULES.referral)).toBe(12);
    expect(scoreOf(0, true, DEFAULT_RULEBOOK.referral)).toBe(1);
  });

  it("is the one place to read the other rules too", () => {
    expect(rulebook.CHECKIN_COOLDOWN_SECONDS).toBe(CHECKIN_COOLDOWN_SECONDS);
    expect(rulebook.MILESTONES).toBe(MILESTONES);
  });
});

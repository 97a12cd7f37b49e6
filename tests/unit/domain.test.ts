import { describe, expect, it } from "vitest";
import { changeOf } from "@/lib/domain/analytics";
import { rewardsOf } from "@/lib/domain/leaderboard";
import { seasonAt, seasonBounds } from "@/lib/domain/seasons";
import {
  CHECKIN_COOLDOWN_SECONDS,
  TASK_IDS,
  checkInCooldown,
  milestoneFlags,
  nextMilestone,
} from "@/lib/domain/tasks";
import {
  isResolvableRefCode,
  isSelfReferral,
  isWallet,
  normaliseRefCode,
  normaliseWallet,
  referralLink,
  refCodeOf,
  shortWallet,
} from "@/lib/domain/wallet";

const WALLET = "0x1234567890ABCDEF1234567890abcdef12AbCdEf";

describe("wallets and refCodes", () => {
  it("a wallet is 0x plus 40 hex characters, nothing else, no trimming", () => {
    expect(isWallet(WALLET)).toBe(true);
    expect(isWallet(WALLET.toLowerCase())).toBe(true);
    expect(isWallet(` ${WALLET}`)).toBe(false);
    expect(isWallet(WALLET.slice(0, 41))).toBe(false);
    expect(isWallet(`${WALLET}0`)).toBe(false);
    expect(isWallet(WALLET.replace("0x", "0X"))).toBe(false);
    expect(isWallet("0x" + "g".repeat(40))).toBe(false);
  });

  it("wallets are stored lowercase", () => {
    expect(normaliseWallet(WALLET)).toBe(WALLET.toLowerCase());
  });

  it("a refCode is the last 8 characters of the wallet, lowercased", () => {
    expect(refCodeOf(WALLET)).toBe("12abcdef");
  });

  it("a refCode is accepted in any case when it has exactly 8 characters", () => {
    expect(normaliseRefCode("12ABCDEF")).toBe("12abcdef");
    expect(normaliseRefCode("1234567")).toBeNull();
    expect(normaliseRefCode("123456789")).toBeNull();
    expect(normaliseRefCode("zzzzzzzz")).toBe("zzzzzzzz");
  });

  it("only 8 hex characters can resolve to a wallet", () => {
    expect(isResolvableRefCode("12abcdef")).toBe(true);
    expect(isResolvableRefCode("zzzzzzzz")).toBe(false);
    expect(isResolvableRefCode("12ABCDEF")).toBe(false);
  });

  it("self-referral: the wallet's last 8 characters equal the code", () => {
    expect(isSelfReferral(WALLET, "12abcdef")).toBe(true);
    expect(isSelfReferral(WALLET, "12abcdee")).toBe(false);
  });

  it("the referral link is <base>?ref=<refCode>", () => {
    expect(referralLink("https://app.example.com", WALLET)).toBe("https://app.example.com?ref=12abcdef");
    expect(referralLink("http://localhost:3000", WALLET)).toBe("http://localhost:3000?ref=12abcdef");
    expect(referralLink("https://example.com/campaign", WALLET)).toBe("https://example.com/campaign?ref=12abcdef");
  });

  it("the short form keeps the first 6 and last 4 characters", () => {
    expect(shortWallet(WALLET.toLowerCase())).toBe("0x1234…cdef");
  });
});

describe("daily check-in cooldown", () => {
  const t = 1_750_000_000;

  it("is available when there was never a check-in", () => {
    expect(checkInCooldown(null, t)).toBe(0);
  });

  it("right after a check-in the full 24 h remain", () => {
    expect(checkInCooldown(t, t)).toBe(CHECKIN_COOLDOWN_SECONDS);
  });

  it("counts down in whole seconds", () => {
    expect(checkInCooldown(t, t + 1)).toBe(86_399);
    expect(checkInCooldown(t, t + 86_399)).toBe(1);
  });

  it("rounds a fractional remainder up, so it is never 0 while on cooldown", () => {
    expect(checkInCooldown(t, t + 86_399.5)).toBe(1);
  });

  it("after 24 h have passed it is available again", () => {
    expect(checkInCooldown(t, t + 86_400)).toBe(0);
    expect(checkInCooldown(t, t + 10 * 86_400)).toBe(0);
  });
});

describe("referral milestones", () => {
  it("flags follow the count at 1, 5, 10, 30 and 50", () => {
    expect(milestoneFlags(0)).toEqual({
      referral: false,
      referral_milestone_5: false,
      referral_milestone_10: false,
      referral_milestone_30: false,
      referral_milestone_50: false,
    });
    expect(milestoneFlags(1).referral).toBe(true);
    expect(milestoneFlags(4).referral_milestone_5).toBe(false);
    expect(milestoneFlags(5).referral_milestone_5).toBe(true);
    expect(milestoneFlags(29)).toMatchObject({ referral_milestone_10: true, referral_milestone_30: false });
    expect(Object.values(milestoneFlags(50)).every(Boolean)).toBe(true);
  });

  it("the next milestone is the first not yet reached", () => {
    expect(nextMilestone(0)).toBe(1);
    expect(nextMilestone(1)).toBe(5);
    expect(nextMilestone(30)).toBe(50);
    expect(nextMilestone(50)).toBeNull();
  });

  it("there are exactly the 11 task ids of docs/api.md", () => {
    expect([...TASK_IDS].sort()).toEqual(
      [
        "daily_checkin",
        "add_miniapp",
        "fc_follow",
        "fc_like_recast",
        "fc_comment",
        "referral",
        "referral_milestone_5",
        "referral_milestone_10",
        "referral_milestone_30",
        "referral_milestone_50",
        "nft_mint",
      ].sort(),
    );
  });
});

describe("rewards", () => {
  it("rewards are score x 20", () => {
    expect(rewardsOf(0)).toBe(0);
    expect(rewardsOf(3)).toBe(60);
  });
});

describe("a counter's change against the period before", () => {
  it("is the difference as a fraction of the period before", () => {
    expect(changeOf(15, 10)).toBe(0.5);
    expect(changeOf(5, 10)).toBe(-0.5);
    expect(changeOf(10, 10)).toBe(0);
  });

  it("is new when it rose from zero, and nothing without a period before", () => {
    expect(changeOf(3, 0)).toBe("new");
    expect(changeOf(0, 0)).toBe(0);
    expect(changeOf(3, null)).toBeNull();
  });
});

describe("seasons", () => {
  const schedule = { startDay: 20_000, lengthDays: 7 };
  const day = 86_400;
  it("number from 1 at SEASON_START, each lengthDays long; 0 before the first", () => {
    expect(seasonAt(20_000 * day - 1, schedule)).toBe(0);
    expect(seasonAt(20_000 * day, schedule)).toBe(1);
    expect(seasonAt(20_007 * day - 1, schedule)).toBe(1);
    expect(seasonAt(20_007 * day, schedule)).toBe(2);
    expect(seasonBounds(2, schedule)).toEqual({ start: 20_007 * day, end: 20_014 * day });
    expect(seasonAt(seasonBounds(40, schedule).end - 1, schedule)).toBe(40);
  });
});

/**
 * The rulebook: what each action is worth and when a referral counts, written once, as data and pure
 * functions. The store never decides a rule: a use case reads its terms here (referralTerms,
 * pendingCreditOn, referralCredit, an action's EarnRule) and hands them to the store step, which applies
 * them atomically.
 * The other rules live next to their concern and are re-exported so that this file is the one place
 * to read them all.
 */
import type { QualifyRule } from "@/lib/domain/qualify";
import { RECURRENCE_PERIOD_SECONDS, type Recurrence } from "@/lib/domain/quests";
import { CHECKIN_COOLDOWN_SECONDS } from "@/lib/domain/tasks";

export { CHECKIN_COOLDOWN_SECONDS, MILESTONES } from "@/lib/domain/tasks";
export { SUSPICION_WEIGHTS, type SuspicionWeights } from "@/lib/domain/signals";

/** Score points a credited referral gives each side. */
export interface ReferralPoints {
  readonly referrer: number;
  readonly referee: number;
}

export interface Rulebook {
  readonly referral: ReferralPoints;
  /** REFERRAL_QUALIFY: what a referee must do before its referral is credited (lib/domain/qualify.ts). */
  readonly qualify: QualifyRule;
}

/** The rules of docs/api.md: +1 to each side of a referral, credited when it is bound. */
export const DEFAULT_RULEBOOK: Rulebook = { referral: { referrer: 1, referee: 1 }, qualify: "none" };

/** The rulebook the composition root builds from configuration: the default points under the configured rule. */
export function rulebookOf(qualify: QualifyRule): Rulebook {
  return { ...DEFAULT_RULEBOOK, qualify };
}

/** What a store step applies when it credits a referral: the points each side gets, on every board it writes. */
export interface ReferralCredit {
  readonly points: ReferralPoints;
}

/**
 * When the store step that binds a referee credits the referral, by what the store keeps: "now", at
 * once; "checked-in", if the referee checked in before; "nft-mint", if its nft_mint is already true;
 * "later", never at binding (a chain or Neynar read credits it afterwards). Otherwise the binding waits.
 */
export const CREDIT_WHEN = ["now", "checked-in", "nft-mint", "later"] as const;
export type CreditWhen = (typeof CREDIT_WHEN)[number];

/** What the binding step is given: the credit, and the condition under which it applies inside the step. */
export interface ReferralTerms {
  readonly credit: ReferralCredit;
  readonly creditWhen: CreditWhen;
}

const CREDIT_WHEN_OF: Record<QualifyRule, CreditWhen> = { none: "now", checkin: "checked-in", nft_mint: "nft-mint", onchain: "later", farcaster: "later" };

/** The credit of one referral under `rules`; throws on points that are not a whole number of at least 0. */
export function referralCredit(rules: Rulebook): ReferralCredit {
  for (const [side, points] of Object.entries(rules.referral)) {
    if (!Number.isSafeInteger(points) || points < 0) throw new RangeError(`Referral points of the ${side} must be a whole number >= 0, got ${points}`);
  }
  return { points: rules.referral };
}

export function referralTerms(rules: Rulebook): ReferralTerms {
  return { credit: referralCredit(rules), creditWhen: CREDIT_WHEN_OF[rules.qualify] };
}

/** The store steps that can qualify a pending referee on their own. */
export type QualifyingStep = "check-in" | "nft-mint";

const STEP_OF: Partial<Record<QualifyRule, QualifyingStep>> = { checkin: "check-in", nft_mint: "nft-mint" };

/** The credit `step` applies to the wallet's pending referral when it succeeds; null when that step does not qualify it. */
export function pendingCreditOn(rules: Rulebook, step: QualifyingStep): ReferralCredit | null {
  return STEP_OF[rules.qualify] === step ? referralCredit(rules) : null;
}

/**
 * An action's earn rule: the score points one credit gives and how often a wallet earns them, once
 * (`periodSeconds` null) or again each time `periodSeconds` have passed since its last credit (exactly that
 * long after it counts). A new way to earn points is one such constant here and a use case that hands it,
 * checked by earnRule, to the store's creditAction; a quest's points and recurrence are one too (questEarnRule).
 */
export interface EarnRule {
  readonly points: number;
  readonly periodSeconds: number | null;
}

/** The rule checked: throws on points that are not a whole number of at least 0 or a period under 1 s. */
export function earnRule(rule: EarnRule): EarnRule {
  if (!Number.isSafeInteger(rule.points) || rule.points < 0) throw new RangeError(`Points must be a whole number >= 0, got ${rule.points}`);
  if (rule.periodSeconds !== null && (!Number.isSafeInteger(rule.periodSeconds) || rule.periodSeconds < 1)) {
    throw new RangeError(`A period must be a whole number of seconds >= 1, got ${rule.periodSeconds}`);
  }
  return rule;
}

/** Score points one completion of a quest credits: the catalog's points for it at the moment of the completion. */
export function questPoints(quest: { readonly points: number }): number {
  if (!Number.isSafeInteger(quest.points) || quest.points < 0) throw new RangeError(`Quest points must be a whole number >= 0, got ${quest.points}`);
  return quest.points;
}

/** A quest's earn rule: its points now (questPoints) and its recurrence's period (null for a once quest). */
export function questEarnRule(quest: { readonly points: number; readonly recurrence: Recurrence }): EarnRule {
  return { points: questPoints(quest), periodSeconds: quest.recurrence === "once" ? null : RECURRENCE_PERIOD_SECONDS[quest.recurrence] };
}

/** Score points one credited referral adds to the campaign: both sides. */
export function pointsPerReferral(points: ReferralPoints): number {
  return points.referrer + points.referee;
}

/**
 * The check-in streak: consecutive daily check-ins. A check-in made less than this many seconds after
 * the previous one continues the streak; one made exactly this long after it, or later, starts it again
 * at 1. Two cooldowns: a wallet that checks in at any time of each day keeps its streak, one that skips
 * a whole day loses it.
 */
export const STREAK_WINDOW_SECONDS = 2 * CHECKIN_COOLDOWN_SECONDS;

/**
 * The streak a wallet has at `now`, from what the store keeps: its last check-in (null when none) and the
 * streak that check-in made. 0 once the window after the last check-in has run out: the next one starts at 1.
 */
export function currentStreak(checkIn: { readonly last: number | null; readonly streak: number }, now: number): number {
  return checkIn.last !== null && now - checkIn.last < STREAK_WINDOW_SECONDS ? checkIn.streak : 0;
}

/**
 * A streak bonus: points the team sets at a streak length. The check-in that makes a streak of exactly
 * `streak` credits them, beside the check-in's own points; a streak that breaks and is built again earns
 * them again. A streak of 1 is any check-in, so the shortest length is 2.
 */
export interface StreakBonus {
  readonly streak: number;
  readonly points: number;
}
export const MIN_STREAK_BONUS_LENGTH = 2;
export const MAX_STREAK_BONUS_LENGTH = 365;
export const MAX_STREAK_BONUSES = 10;

/** A streak bonus's id beside the tasks' ids: what the catalog keeps its points under and its ledger entries name. */
export type StreakBonusId = `streak:${number}`;
export const streakBonusId = (length: number): StreakBonusId => `streak:${length}`;

/** The streak length of a streak bonus's id; null for any other id (a task's). */
export function streakLengthOf(id: string): number | null {
  const length = /^streak:([1-9][0-9]*)$/.exec(id)?.[1];
  return length === undefined ? null : Number(length);
}

/** The bonus a wallet whose streak is `streak` now reaches next: the shortest length above it; null when none is left. */
export function nextStreakBonus(bonuses: readonly StreakBonus[], streak: number): StreakBonus | null {
  let next: StreakBonus | null = null;
  for (const bonus of bonuses) if (bonus.streak > streak && (next === null || bonus.streak < next.streak)) next = bonus;
  return next;
}

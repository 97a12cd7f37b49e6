/**
 * The facts the use cases announce, one event per fact, each told by a store result (never by a
 * read of its own): a subscriber (lib/services/events.ts) hears of it after the response. `at` is
 * the server time, Unix seconds, of the step that made it so.
 */
import type { CompletableTaskId, VerifiableTaskId } from "@/lib/domain/tasks";

export type DomainEvent =
  /** The referee was bound to the referrer (credited at once, or pending under REFERRAL_QUALIFY). */
  | { type: "referral.recorded"; referrer: string; referee: string; at: number }
  /** The referral now counts for the referrer: bound under the default rule, or the referee met the rule. */
  | { type: "referral.credited"; referrer: string; referee: string; at: number }
  /**
   * The wallet completed a task with this request: a check-in, a social task's first completion, the
   * first verification of nft_mint; never an earlier completion told again. A check-in tells the
   * wallet's streak it made (lib/domain/rulebook.ts STREAK_WINDOW_SECONDS); no other task has one.
   */
  | { type: "task.completed"; wallet: string; task: "daily_checkin"; at: number; streak: number }
  | { type: "task.completed"; wallet: string; task: Exclude<CompletableTaskId, "daily_checkin"> | VerifiableTaskId; at: number }
  /** The wallet completed a quest of the catalog with this request, credited `points` (its points at that moment). */
  | { type: "quest.completed"; wallet: string; questId: string; points: number; at: number }
  /** The wallets one admin step disqualified, the named one first unless it already was. */
  | { type: "wallet.disqualified"; wallets: readonly string[]; admin: string; at: number }
  /** The wallets one admin step put back, the named one first. */
  | { type: "wallet.reinstated"; wallets: readonly string[]; admin: string; at: number }
  /** A payout plan was published (its webhook event carries the plan's figures, written by the same store step). */
  | { type: "payout.created"; planId: string; at: number };

export type DomainEventType = DomainEvent["type"];

export type EventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;

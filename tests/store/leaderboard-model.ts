/**
 * The leaderboard as the Store promises it, kept in memory: the brute force that the rank
 * tests of the contract suites check every backend against.
 */
import { expect } from "vitest";
import type { LeaderboardRow, RankedRow, RecordReferralResult, Store } from "@/lib/store/types";
import { boardRows } from "@/tests/support/board";

/** What the order needs to know of one leaderboard entry. */
export interface RankedEntry {
  wallet: string;
  score: number;
  /** Unix seconds at which the wallet reached its current score. */
  reachedAt: number;
}

/** The leaderboard order of lib/domain/leaderboard.ts: score DESC, reachedAt ASC, wallet ASC. */
export function compareEntries(a: RankedEntry, b: RankedEntry): number {
  if (a.score !== b.score) return b.score - a.score;
  if (a.reachedAt !== b.reachedAt) return a.reachedAt - b.reachedAt;
  return a.wallet < b.wallet ? -1 : a.wallet > b.wallet ? 1 : 0;
}

export interface ModelEntry {
  score: number;
  reachedAt: number;
  referralsCount: number;
}

/** The whole board in the order of lib/domain. */
export function boardOrder(entries: Iterable<[string, ModelEntry]>): LeaderboardRow[] {
  return [...entries]
    .map(([wallet, entry]) => ({ wallet, ...entry }))
    .sort(compareEntries)
    .map(({ wallet, score, referralsCount }) => ({ wallet, score, referralsCount }));
}

/** The store lists exactly `order` and ranks every entry at its position in it. */
export async function expectBoard(store: Store, order: LeaderboardRow[], now: number): Promise<void> {
  expect(await boardRows(store, order.length + 10)).toEqual(order);
  for (const [i, row] of order.entries()) {
    expect(await store.getRankOrCreate(row.wallet, now)).toEqual({ ...row, rank: i + 1, version: expect.any(Number) });
  }
}

/** Referrals and entry look-ups, as Store specifies them. Wallets are random, so no two share a refCode. */
export class LeaderboardModel {
  private readonly known = new Set<string>();
  private readonly referrerOf = new Map<string, string>();
  private readonly referrals = new Map<string, number>();
  private readonly entries = new Map<string, { score: number; reachedAt: number }>();

  register(wallet: string): void {
    this.known.add(wallet);
  }

  refer(referee: string, referrer: string, now: number): RecordReferralResult {
    const existing = this.referrerOf.get(referee);
    if (existing !== undefined) return { outcome: "already-recorded", referrer: existing };
    if (referee === referrer) return { outcome: "self-referral" };
    if (!this.known.has(referrer)) return { outcome: "code-not-found" };
    this.known.add(referee);
    this.referrerOf.set(referee, referrer);
    this.referrals.set(referrer, (this.referrals.get(referrer) ?? 0) + 1);
    for (const w of [referee, referrer]) this.entries.set(w, { score: (this.entries.get(w)?.score ?? 0) + 1, reachedAt: now });
    return { outcome: "recorded", referrer, credited: true };
  }

  rankOrCreate(wallet: string, now: number): RankedRow {
    this.known.add(wallet);
    if (!this.entries.has(wallet)) this.entries.set(wallet, { score: 0, reachedAt: now });
    const order = this.order();
    const rank = order.findIndex((row) => row.wallet === wallet) + 1;
    return { ...order[rank - 1]!, rank };
  }

  order(): LeaderboardRow[] {
    return boardOrder([...this.entries].map(([w, e]) => [w, { ...e, referralsCount: this.referrals.get(w) ?? 0 }]));
  }
}

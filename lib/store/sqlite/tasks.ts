/**
 * Tasks on SQLite. Owns the task columns of `wallets`: checkin_last, checkin_streak, one `<task>_ts` per social
 * task (named from SOCIAL_TASK_IDS, see rows.ts) and nft_mint. Each write also makes the wallet known,
 * and counts the day's check-in, first completion or first nft_mint, each also an action of the
 * wallet for its referrer's signals. A check-in and a first completion credit the task's points
 * (prepareTaskCredit of quests.ts), a check-in also the bonus of the streak it makes, in the same transaction, and appends its task.completed to the
 * webhook outbox (webhooks.ts).
 */
import "server-only";
import type Database from "better-sqlite3";
import { SOCIAL_TASK_IDS, type SocialTaskId } from "@/lib/domain/tasks";
import { FACTS, socialTaskFact } from "@/lib/store/facts";
import type { Counters } from "@/lib/store/sqlite/counters";
import { immediate, required, type Db } from "@/lib/store/sqlite/db";
import { prepareTaskCredit } from "@/lib/store/sqlite/quests";
import { socialColumn } from "@/lib/store/sqlite/rows";
import type { Signals } from "@/lib/store/sqlite/signals";
import type { Credits } from "@/lib/store/sqlite/referrals";
import type { Register } from "@/lib/store/sqlite/wallets";
import type { Outbox } from "@/lib/store/sqlite/webhooks";
import { streakBonusId, type ReferralCredit } from "@/lib/domain/rulebook";
import type { CheckInResult, TaskStore } from "@/lib/store/types";

type WalletNow = { wallet: string; now: number };
type TaskCredit = ReturnType<typeof prepareTaskCredit>;

export function sqliteTasks(db: Db, register: Register, counters: Counters, signals: Signals, credits: Credits, creditTask: TaskCredit, outbox: Outbox): TaskStore {
  // SET reads the row as it was: the streak continues from the previous check-in, not from :now.
  const tryCheckIn = db.prepare<[{ wallet: string; now: number; cooldown: number; streakWindow: number }], { streak: number }>(
    `UPDATE wallets
        SET checkin_streak = CASE WHEN checkin_last IS NOT NULL AND :now - checkin_last < :streakWindow THEN checkin_streak + 1 ELSE 1 END,
            checkin_last = :now
      WHERE wallet = :wallet AND (checkin_last IS NULL OR :now - checkin_last >= :cooldown)
      RETURNING checkin_streak AS streak`,
  );
  const readCheckIn = db.prepare<[string], { checkin_last: number | null; checkin_streak: number; referral_pending: number }>(
    "SELECT checkin_last, checkin_streak, referral_pending FROM wallets WHERE wallet = ?",
  );
  // Only the first completion writes (and counts); the read hands back whichever time is stored.
  const completeSocial = Object.fromEntries(
    SOCIAL_TASK_IDS.map((taskId) => {
      const column = socialColumn(taskId);
      return [
        taskId,
        {
          first: db.prepare<[WalletNow]>(`UPDATE wallets SET ${column} = :now WHERE wallet = :wallet AND ${column} IS NULL`),
          read: db.prepare<[string], { ts: number }>(`SELECT ${column} AS ts FROM wallets WHERE wallet = ?`),
        },
      ];
    }),
  ) as Record<SocialTaskId, { first: Database.Statement<[WalletNow]>; read: Database.Statement<[string], { ts: number }> }>;
  const setNftMint = db.prepare<[string]>("UPDATE wallets SET nft_mint = 1 WHERE wallet = ? AND nft_mint = 0");

  return {
    checkIn: immediate(db, (wallet: string, now: number, cooldown: number, creditsPending: ReferralCredit | null, streakWindow: number): CheckInResult => {
      register(wallet, now);
      const made = tryCheckIn.get({ wallet, now, cooldown, streakWindow });
      const checkedIn = made !== undefined;
      let creditedReferrer: string | null = null;
      if (made) {
        counters.fact(FACTS.checkIns, now);
        signals.action(wallet);
        creditTask(wallet, "daily_checkin", now);
        creditTask(wallet, streakBonusId(made.streak), now);
        outbox.append("task.completed", now, { wallet, task: "daily_checkin", streak: made.streak });
        if (creditsPending) creditedReferrer = credits.creditPending(wallet, now, creditsPending);
      }
      const row = required(readCheckIn.get(wallet), `wallets row of ${wallet}`);
      const referralPending = row.referral_pending === 1;
      if (checkedIn) {
        const done = { checkedIn, streak: row.checkin_streak, referralPending };
        return creditedReferrer === null ? done : { ...done, creditedReferrer };
      }
      if (row.checkin_last === null) throw new Error(`check-in of ${wallet} refused without a previous check-in`);
      return { checkedIn, last: row.checkin_last, referralPending };
    }),

    completeSocialTask: immediate(db, (wallet: string, taskId: SocialTaskId, now: number) => {
      register(wallet, now);
      const task = completeSocial[taskId];
      const completed = task.first.run({ wallet, now }).changes === 1;
      if (completed) {
        counters.fact(socialTaskFact(taskId), now);
        signals.action(wallet);
        creditTask(wallet, taskId, now);
        outbox.append("task.completed", now, { wallet, task: taskId });
      }
      return { completedAt: required(task.read.get(wallet), `wallets row of ${wallet}`).ts, completed };
    }),

    markNftMint: immediate(db, (wallet: string, now: number, creditsPending: ReferralCredit | null) => {
      register(wallet, now);
      const marked = setNftMint.run(wallet).changes === 1;
      if (marked) {
        counters.fact(FACTS.nftMints, now);
        signals.action(wallet);
        outbox.append("task.completed", now, { wallet, task: "nft_mint" });
      }
      return { marked, creditedReferrer: creditsPending ? credits.creditPending(wallet, now, creditsPending) : null };
    }),
  };
}

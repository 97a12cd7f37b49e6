/**
 * Tasks on Redis: the daily check-in, social tasks and the nft_mint pass, each also making
 * the wallet known.
 *
 * Keys: wallet:<addr> (checkInLast, checkInStreak, one field per social task, nftMint, activeReferee), codes, an:<day>:facts
 * (check-ins, first completions, first nft_mint), an:since, and the referrer's sig:<addr> and sig:rank
 * (a referee's first action after its binding counts it active, see signalWrites). The check-in and
 * nft_mint, when given a credit (the REFERRAL_QUALIFY rule asks for them), apply it to the wallet's waiting referral
 * (creditInputs of referrals.ts): the referrer's wallet:<addr>, lb, lb:held, disqualified, lb:version,
 * the season's lb:s:<n>, lb:held:s:<n>, lb:refs:s:<n> and lb:seasons, referrers:active, score, an:<day>:referrers.
 * The check-in and a social task's first completion credit the task's points (creditTask of lib/tasks.lua:
 * q:tasks, q:w:<addr>, q:ledger:<addr>, the board, the running season's and score).
 * Each writes task.completed when it completed a task, and referral.credited when it credited, to the webhooks'
 * outbox (outboxInputs of webhooks.ts).
 * Scripts: tasks/check-in, tasks/complete-social-task, tasks/mark-nft-mint.
 */
import "server-only";
import type { RedisContext } from "@/lib/store/redis/context";
import { BOARD, CHECK_IN, COMPLETE_SOCIAL_TASK, CREDIT, MARK_NFT_MINT, OUTBOX, part, positional, REGISTRATION, SEASON_WRITE, SIGNALS, TASK_CREDIT } from "@/lib/store/redis/layouts";
import { creditInputs } from "@/lib/store/redis/referrals";
import { flag, int, list, optWallet } from "@/lib/store/redis/reply";
import { whole } from "@/lib/store/redis/run";
import { seasonWrite } from "@/lib/store/redis/seasons";
import { signalWrites } from "@/lib/store/redis/signals";
import { registration } from "@/lib/store/redis/wallets";
import { outboxInputs } from "@/lib/store/redis/webhooks";
import type { TaskStore } from "@/lib/store/types";

/** creditTask's keys of lib/tasks.lua for the wallet (layouts.ts TASK_CREDIT). */
function taskCreditKeys(context: RedisContext, wallet: string): { keys: string[]; args: string[] } {
  return { keys: [context.keys.taskPoints, context.keys.questProgress(wallet), context.keys.questLedger(wallet)], args: [] };
}

export function taskOperations(context: RedisContext): TaskStore {
  const { keys: contextKeys, run, runList } = context;
  const signals = signalWrites(context);
  return {
    async checkIn(wallet, now, cooldownSeconds, creditsPending, streakWindowSeconds) {
      const { keys, args } = positional(CHECK_IN, {
        ...part(REGISTRATION, registration(context, wallet, now)),
        cooldown: whole(cooldownSeconds),
        ...part(SIGNALS, signals),
        creditsPending: creditsPending ? "1" : "0",
        ...part(CREDIT, creditInputs(context, now, creditsPending)),
        streakWindow: whole(streakWindowSeconds),
        ...part(TASK_CREDIT, taskCreditKeys(context, wallet)),
        ...part(OUTBOX, outboxInputs(context, now)),
      });
      const reply = await runList("check-in", keys, args, 2);
      if (int(reply[0], "checkIn") === 1) {
        const done = { checkedIn: true as const, streak: int(reply[1], "checkInStreak"), referralPending: flag(reply[2], "referralPending") };
        const creditedReferrer = optWallet(reply[3], "creditedReferrer");
        return creditedReferrer === null ? done : { ...done, creditedReferrer };
      }
      return { checkedIn: false as const, last: int(reply[1], "checkInLast"), referralPending: flag(reply[2], "referralPending") };
    },

    async completeSocialTask(wallet, taskId, now) {
      const season = seasonWrite(context, now);
      const { keys, args } = positional(COMPLETE_SOCIAL_TASK, {
        ...part(REGISTRATION, registration(context, wallet, now)),
        taskId,
        ...part(SIGNALS, signals),
        ...part(BOARD, { keys: contextKeys.boardWrite, args: [] }),
        ...part(SEASON_WRITE, season),
        scoreKey: contextKeys.score,
        ...part(TASK_CREDIT, taskCreditKeys(context, wallet)),
        ...part(OUTBOX, outboxInputs(context, now)),
      });
      const reply = list(await run("complete-social-task", keys, args), "completeSocialTask", 2);
      return { completedAt: int(reply[0], taskId), completed: int(reply[1], "completed") === 1 };
    },

    async markNftMint(wallet, now, creditsPending) {
      const { keys, args } = positional(MARK_NFT_MINT, {
        ...part(REGISTRATION, registration(context, wallet, now)),
        ...part(SIGNALS, signals),
        creditsPending: creditsPending ? "1" : "0",
        ...part(CREDIT, creditInputs(context, now, creditsPending)),
        ...part(OUTBOX, outboxInputs(context, now)),
      });
      const reply = list(await run("mark-nft-mint", keys, args), "markNftMint", 2);
      return { marked: int(reply[0], "marked") === 1, creditedReferrer: optWallet(reply[1], "markNftMint") };
    },
  };
}

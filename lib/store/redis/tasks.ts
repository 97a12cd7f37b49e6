/**
 * Tasks on Redis: the daily check-in, social tasks and the nft_mint pass, each also making
 * the wallet known.
 *
 * Keys: wallet:<addr> (checkInLast, one field per social task, nftMint), codes, an:<day>:facts
 * (check-ins, first completions, first nft_mint) and an:since.
 * Scripts: tasks/check-in, tasks/complete-social-task, tasks/mark-nft-mint.
 */
import "server-only";
import type { RedisContext } from "@/lib/store/redis/context";
import { int } from "@/lib/store/redis/reply";
import { whole } from "@/lib/store/redis/run";
import { registration } from "@/lib/store/redis/wallets";
import type { TaskStore } from "@/lib/store/types";

export function taskOperations(context: RedisContext): TaskStore {
  const { run, runList } = context;
  return {
    async checkIn(wallet, now, cooldownSeconds) {
      const { keys, args } = registration(context, wallet, now);
      const reply = await runList("check-in", keys, [...args, whole(cooldownSeconds)], 1);
      if (int(reply[0], "checkIn") === 1) return { checkedIn: true as const };
      return { checkedIn: false as const, last: int(reply[1], "checkInLast") };
    },

    async completeSocialTask(wallet, taskId, now) {
      const { keys, args } = registration(context, wallet, now);
      return int(await run("complete-social-task", keys, [...args, taskId]), taskId);
    },

    async markNftMint(wallet, now) {
      const { keys, args } = registration(context, wallet, now);
      await run("mark-nft-mint", keys, args);
    },
  };
}

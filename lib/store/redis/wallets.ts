/**
 * Wallets on Redis: making a wallet known, and everything the request path reads of one.
 *
 * Keys: wallet:<addr> (the hash), codes (the wallet's refCode claimed at registration), lb, lb:held
 * and disqualified (read for the score), an:<day>:facts and an:since (a new wallet counted, see countingDay).
 * Scripts: wallets/register-wallet, wallets/get-wallet-state (and walletState of lib/wallets.lua, which
 * analytics/get-wallet-report reads too).
 */
import "server-only";
import { SOCIAL_TASK_IDS } from "@/lib/domain/tasks";
import { refCodeOf } from "@/lib/domain/wallet";
import { countingDay } from "@/lib/store/redis/analytics";
import type { RedisContext } from "@/lib/store/redis/context";
import { flag, int, STATE_REPLY_LENGTH, walletStateOf, wallet as walletOf } from "@/lib/store/redis/reply";
import { whole } from "@/lib/store/redis/run";
import type { Registration, WalletStore } from "@/lib/store/types";

/**
 * What every script that makes a wallet known (register() of lib/wallets.lua) takes first in its KEYS
 * and ARGV: the wallet's keys, then the day it counts a new wallet on.
 */
export function registration(context: RedisContext, wallet: string, now: number): { keys: string[]; args: string[] } {
  const day = countingDay(context, now);
  return {
    keys: [context.keys.wallet(wallet), context.keys.codes, ...day.keys],
    args: [wallet, refCodeOf(wallet), whole(now), ...day.args],
  };
}

/** Elements of register-wallet.lua's reply, with which get-referral-info.lua's begins too. */
export const REGISTRATION_REPLY_LENGTH = 3;

/** A Registration from the first REGISTRATION_REPLY_LENGTH elements of a reply: {isNew, codeOwner, referralPending}. */
export function registrationOf(reply: unknown[]): Registration {
  return {
    isNew: int(reply[0], "isNew") === 1,
    codeOwner: walletOf(reply[1], "codeOwner"),
    referralPending: flag(reply[2], "referralPending"),
  };
}

export function walletOperations(context: RedisContext): WalletStore {
  const { keys, runList } = context;
  return {
    async registerWallet(wallet, now) {
      const { keys: scriptKeys, args } = registration(context, wallet, now);
      return registrationOf(await runList("register-wallet", scriptKeys, args, REGISTRATION_REPLY_LENGTH));
    },

    async getWalletState(wallet) {
      return walletStateOf(await runList("get-wallet-state", [keys.wallet(wallet), ...keys.board, keys.linkedFids], [wallet, ...SOCIAL_TASK_IDS], STATE_REPLY_LENGTH));
    },
  };
}

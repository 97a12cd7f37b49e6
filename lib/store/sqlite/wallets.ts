/**
 * Known wallets on SQLite. Owns `wallets` (one row per known wallet; referrals.ts writes its
 * referral columns, tasks.ts its task columns) and `ref_codes`, the persistent code index. A
 * code is written in the same transaction that makes its wallet known, so unlike a cache the
 * index cannot go missing on its own and never needs a rebuild. A wallet made known is counted
 * as a new wallet of the day, in the same transaction.
 */
import "server-only";
import { refCodeOf } from "@/lib/domain/wallet";
import { FACTS } from "@/lib/store/facts";
import type { Counters } from "@/lib/store/sqlite/counters";
import { immediate, required, type Db } from "@/lib/store/sqlite/db";
import { BOARDS, type Boards } from "@/lib/store/sqlite/leaderboard";
import { STATE_SELECT, stateOf, type StateRead } from "@/lib/store/sqlite/rows";
import type { Registration, WalletStore } from "@/lib/store/types";

/** Makes the wallet known inside the caller's transaction, counted if new; the first wallet known keeps a shared code. */
export type Register = (wallet: string, now: number) => void;

/** Register, then what the registration answers (WalletStore.registerWallet): two reads the other writers need not pay for. */
export type RegisterReading = (wallet: string, now: number) => Registration;

export function registrar(db: Db, counters: Counters): { register: Register; registerReading: RegisterReading } {
  const insertWallet = db.prepare<[{ wallet: string; now: number }]>(
    "INSERT INTO wallets (wallet, created_at) VALUES (:wallet, :now) ON CONFLICT DO NOTHING",
  );
  const insertCode = db.prepare<[{ code: string; wallet: string }]>(
    "INSERT INTO ref_codes (code, wallet) VALUES (:code, :wallet) ON CONFLICT DO NOTHING",
  );
  const readCodeOwner = db.prepare<[string], { wallet: string }>("SELECT wallet FROM ref_codes WHERE code = ?");
  const readPending = db.prepare<[string], { referral_pending: number }>("SELECT referral_pending FROM wallets WHERE wallet = ?");
  const write = (wallet: string, now: number): boolean => {
    const isNew = insertWallet.run({ wallet, now }).changes === 1;
    if (isNew) counters.fact(FACTS.newWallets, now);
    insertCode.run({ code: refCodeOf(wallet), wallet });
    return isNew;
  };
  return {
    register: (wallet, now) => void write(wallet, now),
    registerReading: (wallet, now) => {
      const isNew = write(wallet, now);
      const code = refCodeOf(wallet);
      return {
        isNew,
        codeOwner: required(readCodeOwner.get(code), `ref_codes row of ${code}`).wallet,
        referralPending: required(readPending.get(wallet), `wallets row of ${wallet}`).referral_pending === 1,
      };
    },
  };
}

export function sqliteWallets(db: Db, registerReading: RegisterReading): WalletStore {
  const readState = db.prepare<[Boards & { wallet: string }], StateRead>(STATE_SELECT);
  return {
    registerWallet: immediate(db, registerReading),
    // One statement reads one snapshot: no transaction needed.
    getWalletState: async (wallet) => stateOf(readState.get({ ...BOARDS, wallet })),
  };
}

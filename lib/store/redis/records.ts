/**
 * Whole wallet records as the operator scripts exchange them: encoded into ARGV for
 * operator/put-wallets.lua, decoded from readRecord of lib/board.lua. Field names and their
 * order come from keys.ts (WALLET_RECORD_FIELDS).
 */
import { SOCIAL_TASK_IDS, type SocialTaskId } from "@/lib/domain/tasks";
import { refCodeOf } from "@/lib/domain/wallet";
import { WALLET_RECORD_FIELDS } from "@/lib/store/redis/keys";
import { ledgerEntryOf, questProgressOf } from "@/lib/store/redis/quests";
import { flag, int, list, optInt, optWallet, wallet as walletOf } from "@/lib/store/redis/reply";
import { storedLedgerId, type WalletQuestRecord, type WalletRecord } from "@/lib/store/types";

/** The wallet hash fields the record read scripts return, in order. */
export const READ_FIELDS = ["createdAt", ...WALLET_RECORD_FIELDS] as const;
type ReadField = (typeof READ_FIELDS)[number];

/**
 * A record as put-wallets.lua reads it: fixed values, then one per WALLET_RECORD_FIELDS name ("" = unset).
 * The quest side is three of the fixed values: its points ("" = no quest side), "id,at;..." and the ledger
 * as q:ledger holds its entries, "questId,points,at;..." (quest ids are slugs: no comma, no semicolon).
 */
export function encodeRecord(record: WalletRecord): string[] {
  const opt = (value: number | null) => (value === null ? "" : String(value));
  const active = record.referralsCount > 0;
  const fields: Record<(typeof WALLET_RECORD_FIELDS)[number], string> = {
    referrer: record.referrer ?? "",
    referredAt: opt(record.referredAt),
    // Absent rather than "0", as in a hash the request path wrote.
    referralsCount: active ? String(record.referralsCount) : "",
    checkInLast: opt(record.checkInLast),
    checkInStreak: record.checkInStreak ? String(record.checkInStreak) : "",
    nftMint: record.nftMint ? "1" : "",
    add_miniapp: opt(record.social.add_miniapp),
    fc_follow: opt(record.social.fc_follow),
    fc_like_recast: opt(record.social.fc_like_recast),
    fc_comment: opt(record.social.fc_comment),
    referralPending: record.referralPending ? "1" : "",
    pendingReferrals: record.pendingReferrals ? String(record.pendingReferrals) : "",
  };
  return [
    record.wallet,
    refCodeOf(record.wallet),
    String(record.createdAt),
    active ? "1" : "",
    record.entry ? String(record.entry.score) : "",
    record.entry ? String(record.entry.reachedAt) : "",
    ...encodeQuests(record.quests),
    ...WALLET_RECORD_FIELDS.map((name) => fields[name]),
  ];
}

function encodeQuests(quests: WalletQuestRecord | undefined): [string, string, string] {
  if (!quests) return ["", "", ""];
  return [
    String(quests.points),
    Object.entries(quests.lastCompleted).map(([id, at]) => `${id},${at}`).join(";"),
    quests.ledger.map((entry) => `${storedLedgerId(entry)},${entry.points},${entry.at}`).join(";"),
  ];
}

/**
 * A record as the operator scripts read it: readRecord of lib/board.lua, {wallet, score|nil, reachedAt|nil,
 * {READ_FIELDS values}}, then the HGETALL of q:w:<addr> and the LRANGE of q:ledger:<addr>; null when no
 * wallet field is set.
 */
export function decodeRecord(reply: unknown): WalletRecord | null {
  const [walletReply, score, reachedAt, valuesReply, progressReply, ledgerReply] = list(reply, "wallet record", 6);
  const values = list(valuesReply, "wallet record fields", READ_FIELDS.length);
  if (values.every((value) => value === null)) return null;
  const wallet = walletOf(walletReply, "wallet");
  const field = Object.fromEntries(READ_FIELDS.map((name, i) => [name, values[i]])) as Record<ReadField, unknown>;
  const what = (name: string) => `${name} of ${wallet}`;
  const pendingReferrals = optInt(field.pendingReferrals, what("pendingReferrals"));
  const checkInStreak = optInt(field.checkInStreak, what("checkInStreak"));
  return {
    wallet,
    createdAt: int(field.createdAt, what("createdAt")),
    referrer: optWallet(field.referrer, what("referrer")),
    referredAt: optInt(field.referredAt, what("referredAt")),
    referralsCount: optInt(field.referralsCount, what("referralsCount")) ?? 0,
    entry: score === null ? null : { score: int(score, what("score")), reachedAt: int(reachedAt, what("reachedAt")) },
    checkInLast: optInt(field.checkInLast, what("checkInLast")),
    ...(checkInStreak ? { checkInStreak } : {}),
    social: Object.fromEntries(SOCIAL_TASK_IDS.map((id) => [id, optInt(field[id], what(id))])) as Record<
      SocialTaskId,
      number | null
    >,
    nftMint: flag(field.nftMint, what("nftMint")),
    // Present only when set (WalletRecord), as the records of a store without REFERRAL_QUALIFY never carry them.
    ...(flag(field.referralPending, what("referralPending")) ? { referralPending: true as const } : {}),
    ...(pendingReferrals ? { pendingReferrals } : {}),
    ...questsOf(progressReply, ledgerReply),
  };
}

/** The quest side, present when the wallet has quest progress or ledger entries (as SQLite's recordOf). */
function questsOf(progressReply: unknown, ledgerReply: unknown): { quests?: WalletQuestRecord } {
  const progress = list(progressReply, "quest progress");
  const ledger = list(ledgerReply, "quest ledger");
  if (progress.length === 0 && ledger.length === 0) return {};
  const { points, lastCompleted } = questProgressOf(progress);
  return { quests: { points, lastCompleted, ledger: ledger.map(ledgerEntryOf) } };
}

/**
 * Redis key layout of the store: the only place that names keys.
 *
 * Every key starts with `{<prefix>}:`. The braces are a Redis Cluster hash tag,
 * so all keys of one deployment live in one slot and every Lua script may touch
 * any of them (scripts derive wallet keys of other wallets, e.g. a referrer's,
 * from `walletKeyPrefix`).
 *
 *   {p}:wallet:<addr>     hash    createdAt        time the wallet became known (Unix s)
 *                                 referrer         referrer wallet, once recorded
 *                                 referredAt       time the referral was recorded
 *                                 referralsCount   referrals this wallet made
 *                                 checkInLast      time of the last daily check-in
 *                                 add_miniapp, fc_follow, fc_like_recast, fc_comment
 *                                                  completion time of each social task
 *                                 nftMint          "1" once verified
 *   {p}:codes             hash    <refCode> -> first wallet known with that code;
 *                                 field `:complete` (never a code: 9 characters) marks the
 *                                 index complete. It lives inside the hash so that losing the
 *                                 hash also loses the marker, which triggers a rebuild.
 *                                 putWallets writes only into a marked index (it rebuilds a
 *                                 missing one first), so a seeded store stays marked.
 *   {p}:codes:rebuild     string  lock token while the code index is rebuilt (with a TTL)
 *   {p}:lb                zset    member = wallet, score = -(score * 1e10 + (9999999999 - reachedAt)):
 *                                 ZRANGE from 0 gives the highest score first, ties to the
 *                                 earlier achiever, then wallet ascending; rank = ZRANK + 1
 *   {p}:referrers:active  set     wallets that referred at least once
 *   {p}:nonce:<nonce>     string  a sign-in nonce; value = its expiry (Unix s, service time), key TTL a
 *                                 little longer (garbage collection only)
 *   {p}:rl:<key>:<window> string  a rate-limit counter: requests of `key` (e.g. writes:ip:203.0.113.7)
 *                                 in fixed window number floor(unix seconds / window length), PEXPIRE
 *                                 one window; both backends count through hit-rate-limits.lua
 */
import { SOCIAL_TASK_IDS } from "@/lib/domain/tasks";

/** Fields of a wallet hash besides createdAt, in the order the StoreAdmin scripts exchange them. */
export const WALLET_RECORD_FIELDS = [
  "referrer",
  "referredAt",
  "referralsCount",
  "checkInLast",
  "nftMint",
  ...SOCIAL_TASK_IDS,
] as const;

/** Field of the codes hash that marks the index complete; 9 characters, so no refCode can equal it. */
export const CODES_COMPLETE_FIELD = ":complete";

export interface RedisKeys {
  wallet(wallet: string): string;
  /** What precedes the address in a wallet key. */
  walletKeyPrefix: string;
  /** SCAN MATCH pattern of every wallet key. */
  walletKeyPattern: string;
  codes: string;
  codesRebuildLock: string;
  leaderboard: string;
  activeReferrers: string;
  nonce(nonce: string): string;
  rateLimit(key: string, window: number): string;
}

export function redisKeys(prefix: string): RedisKeys {
  const base = `{${prefix}}:`;
  const walletKeyPrefix = `${base}wallet:`;
  return {
    wallet: (wallet) => walletKeyPrefix + wallet,
    walletKeyPrefix,
    walletKeyPattern: `${escapeGlob(walletKeyPrefix)}*`,
    codes: `${base}codes`,
    codesRebuildLock: `${base}codes:rebuild`,
    leaderboard: `${base}lb`,
    activeReferrers: `${base}referrers:active`,
    nonce: (nonce) => `${base}nonce:${nonce}`,
    rateLimit: (key, window) => `${base}rl:${key}:${window}`,
  };
}

/** SCAN MATCH treats * ? [ ] \ as glob syntax. */
function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, "\\$&");
}

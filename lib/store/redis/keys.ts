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
 *                                 activeReferee    "1" once the wallet counted as an active referee of its
 *                                                  referrer (countActive of lib/signals.lua); put-wallets.lua keeps it
 *                                 referralPending  "1" while the wallet's referral waits for it to qualify
 *                                                  (REFERRAL_QUALIFY; creditPending of lib/credit.lua takes it)
 *                                 pendingReferrals referees bound to this wallet whose referral waits;
 *                                                  absent rather than 0
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
 *   {p}:lb:held           zset    the entries of disqualified wallets, as in lb (same composite): off every
 *                                 board read and out of the score total; disqualify moves a member here,
 *                                 reinstate back (leaderboard() of lib/board.lua)
 *   {p}:lb:version        string  the board version (Versioned of lib/store/ports/leaderboard.ts): INCR'd by every script
 *                                 that changes what a board read returns (boardChanged of lib/board.lua): a credit,
 *                                 a new entry, a disqualification or reinstatement, an import; never decreases
 *   {p}:lb:s:<n>          zset    season n's board (SEASON_LENGTH_DAYS, SEASON_START; lib/domain/seasons.ts), as lb
 *                                 (same composite): the points scored while season n ran (addPoints of lib/board.lua)
 *   {p}:lb:held:s:<n>     zset    season n's entries of disqualified wallets, as lb:held; disqualify and reinstate move
 *                                 a wallet's entries on every season board with its all-time one (moveSeasonEntries)
 *   {p}:lb:refs:s:<n>     hash    <wallet> -> referrals credited to the wallet while season n ran: a season row's
 *                                 referralsCount
 *   {p}:lb:seasons        string  the highest season anything was scored in: disqualify and reinstate move entries on
 *                                 seasons 1 .. the later of this and the season of their `now` (seasonBoards of lib/seasons.lua).
 *                                 Points and referrals go to season keys only with seasons on and at a `now` in a season
 *                                 (n >= 1); the season-0 keys a scoring script is given otherwise are never touched.
 *   {p}:disqualified      set     wallets disqualified now: which of lb and lb:held has a wallet's entry
 *   {p}:disqualified:<addr>
 *                         hash    reason, at, admin, via (absent when named itself): the wallet's disqualification;
 *                                 a key of its own, so that a wallet never seen is made known by nothing
 *   {p}:cascade:<addr>    set     the wallets a cascade of this wallet disqualified (their via), for its
 *                                 reinstatement; a wallet reinstated by itself leaves it
 *   {p}:audit             list    the audit log, oldest first: id = 1-based position; one string per entry,
 *                                 at,action,cascade,wallets,wallet,<bytes of admin>,<admin><reason>
 *                                 (appendAudit of lib/moderation.lua writes it, get-audit-log.lua reads it)
 *   {p}:referrers:active  set     wallets with at least one credited referral
 *   {p}:referrals         string  referrals recorded: the wallets bound to a referrer, credited or waiting;
 *                                 record-referral.lua adds each binding, put-wallets.lua each record that
 *                                 gains or loses one
 *   {p}:score             string  sum of the scores on the board (lb, not lb:held): each credit of a referral
 *                                 (creditReferral of lib/credit.lua) adds the points it gives there,
 *                                 put-wallets.lua the difference each record's entry makes there,
 *                                 disqualify and reinstate what they move off and back
 *   {p}:referees:<addr>   zset    the referrer's referees: member = referee, score = -referredAt, so that
 *                                 ZRANGE from 0 gives the newest first, ties by wallet ascending;
 *                                 written by record-referral.lua and put-wallets.lua (a record that
 *                                 gains, changes or loses its referrer)
 *   {p}:sig:<addr>        hash    referrals, burst, quick, active, cycles: the referrer's farm signals
 *                                 (SignalCounts of lib/domain/signals.ts; referrals is its referralsCount
 *                                 when they last changed), written by record-referral.lua, referrals by
 *                                 each credit too, and active by the three task scripts
 *   {p}:sig:rank          zset    member = referrer with signals, score = -suspicionOf(its counts): ZRANGE from 0
 *                                 gives the most suspicious first, ties by wallet ascending; re-scored
 *                                 wherever the counts change (rankReferrer of lib/signals.lua)
 *   {p}:nonce:<nonce>     string  a sign-in nonce; value = its expiry (Unix s, service time), key TTL a
 *                                 little longer (garbage collection only)
 *   {p}:rl:<key>:<window> string  a rate-limit counter: requests of `key` (e.g. writes:ip:203.0.113.7)
 *                                 in fixed window number floor(unix seconds / window length), PEXPIRE
 *                                 one window; both backends count through hit-rate-limits.lua
 *   {p}:an:<YYYY-MM-DD>:visits
 *                         hash    <refCode> -> visits of that code's link on that UTC day; field `*`:
 *                                 visits of every link. EXPIREAT the retention after the day.
 *   {p}:an:<YYYY-MM-DD>:uv:<refCode>
 *                         HLL     visitor ids of the code's link that day; `uv:*` of every link. Each
 *                                 at most 12 kB (a sparse one of a few visitors, a few hundred bytes).
 *   {p}:an:<YYYY-MM-DD>:facts
 *                         hash    the day's facts, one field each (names of lib/store/facts.ts): wallets
 *                                 (became known), referrals, checkins, nft_mint, task:<id> (first
 *                                 completions of a social task); written by the script of each fact
 *   {p}:an:<YYYY-MM-DD>:connected
 *                         HLL     wallets that asked record-referral.lua to bind them that day (any outcome)
 *   {p}:an:<YYYY-MM-DD>:referrers
 *                         zset    member = referrer, score = referrals credited to it that day
 *   {p}:an:since          string  the first day (number of days since the epoch) anything was counted:
 *                                 SET NX by every script that counts
 *   {p}:an:top            zset    scratch of get-top-referrers.lua, deleted by the script that made it
 *   {p}:an:<YYYY-MM-DD>:notifications
 *                         hash    sent, failed, invalid: the Farcaster notifications of the day (NotificationDay of
 *                                 lib/store/ports/notifications.ts), written by record-notification-outcome.lua
 *   Every an:<YYYY-MM-DD> key: EXPIREAT the retention after the day (expiryOf), set with each write.
 *   {p}:fc:t:<fid>        hash    <appFid> -> "<token> <url>": the fid's notification target in each Farcaster client
 *                                 app. Neither part holds a space (checked-notifications.ts), so the token is what
 *                                 precedes the first one. Never left empty: the last target goes with its key.
 *   {p}:fc:subs           zset    the subscribers: member = a fid with a target, score = the fid, so that the
 *                                 reminders walk them in fid order from a cursor with ZRANGEBYSCORE
 *   {p}:fc:cursor         string  the last fid the reminders took; absent: the next batch starts from the first
 *   {p}:fc:wallet         hash    <fid> -> the wallet linked to it
 *   {p}:fc:fid            hash    <wallet> -> the fid linked to it: fc:wallet the other way round, written with it
 *   {p}:fc:reminded       hash    <fid> -> when its last check-in reminder went out: the fid's, so it outlives a new
 *                                 link and the fid's targets
 *   {p}:fc:claim:<kind>:<YYYY-MM-DD>
 *                         set     the fids the notification of that kind and UTC day was claimed for; EXPIRE'd
 *                                 CLAIM_SECONDS (notifications.ts) after each claim
 *   {p}:q:catalog         hash    <quest id> -> the quest's JSON (lib/contract/quest-schemas.ts questSchema), archived too
 *   {p}:q:order           zset    <quest id> scored by its place in the catalog (1-based, in creation order; quests are never removed)
 *   {p}:q:version         string  the catalog version (lib/store/ports/quests.ts): INCR'd by every catalog write; never decreases
 *   {p}:q:completions     hash    <quest id> -> completions of the quest by every wallet
 *   {p}:q:tasks           hash    <completable task id> -> the points it credits (> 0; a task absent is worth 0)
 *   {p}:q:w:<addr>        hash    <quest id> -> the wallet's last completion of it (Unix s); field `:points` (never a
 *                                 quest id) -> the wallet's quest points
 *   {p}:q:ledger:<addr>   list    the wallet's points ledger, oldest first: "questId,points,at" per completion
 *                                 ("task:<task id>,points,at" for a task's, see LedgerEntry)
 *   {p}:pay:plans         zset    the published payout plans: member = plan id, score = createdAt
 *   {p}:pay:live          zset    the plans with a distributor recorded, as pay:plans: what get-claims.lua reads
 *   {p}:pay:staged        zset    the plans staged and not yet published, score = createdAt: stage-payout-plan.lua
 *                                 removes those staged before the abandonedBefore it is given, with their keys
 *   {p}:pay:<id>          hash    plan (the PayoutPlan's JSON, distributor null), state (staged, published), count,
 *                                 createdBy, root, createdAt, and distributor, chain once recorded
 *   {p}:pay:<id>:rows     list    the plan's allocations in rank order: "wallet,amount,treeIndex"
 *   {p}:pay:<id>:w        hash    <wallet> -> "amount,treeIndex": the same allocations by wallet
 *   {p}:pay:<id>:nodes    string  the plan's Merkle tree, 32 bytes a node in OpenZeppelin's order (root first); a
 *                                 proof is GETRANGEs of the siblings (get-claims.lua)
 *   {p}:wh:endpoints      zset    the webhook endpoints' ids, score = createdAt: oldest first, ties by id
 *   {p}:wh:e:<id>         hash    url, events (its types, space-separated, in WEBHOOK_EVENT_TYPES order), secret,
 *                                 createdAt, enabled ("1" or "0"), disabledAt, failingSince, and of its newest attempt
 *                                 lastAt, lastEvent, lastOk ("1" or "0"), lastStatus (absent: no answer); absent: null
 *   {p}:wh:routes         hash    <event type> -> the ids of the endpoints listening to it, space-separated, oldest
 *                                 first; no field while none listens. The one read a fact's script makes for its
 *                                 event (appendEvent of lib/outbox.lua), so with no endpoint nothing else happens
 *   {p}:wh:events         string  events of facts written to the outbox since the store began (countWebhookEvents)
 *   {p}:wh:seq            string  the last event's sequence number, test events' too: orders an endpoint's deliveries
 *   {p}:wh:d:<id>:<event id>
 *                         hash    one delivery of an event to endpoint <id>: type, body (the exact JSON sent and signed),
 *                                 state (pending, delivered, failed), attempts, createdAt, nextAttemptAt (while pending),
 *                                 lastStatus, lastError, lastResponse, lastAttemptAt (absent: null)
 *   {p}:wh:l:<id>         zset    the endpoint's deliveries: member = event id, score = its sequence number (newest last)
 *   {p}:wh:p:<id>         set     the event ids of the endpoint's pending deliveries: what enabling makes due again
 *   {p}:wh:f:<id>         zset    its finished (delivered or failed) deliveries, as wh:l: beyond the newest kept
 *                                 (LISTED_DELIVERIES) they go, with their wh:d: and wh:l: entries
 *   {p}:wh:due            zset    member = "<id> <event id>" of each pending delivery of an enabled endpoint, score = when
 *                                 it is due: its next attempt, or the end of the lease of the worker that took it
 *   The outbox derives wh:e:, wh:d:, wh:l:, wh:p:, wh:due, wh:events and wh:seq from the prefix {p}:wh: (webhookKeyPrefix).
 */
import type { NotificationKind } from "@/lib/domain/notifications";
import { SOCIAL_TASK_IDS } from "@/lib/domain/tasks";

/** Fields of a wallet hash besides createdAt, in the order the OperatorStore scripts exchange them. */
export const WALLET_RECORD_FIELDS = [
  "referrer",
  "referredAt",
  "referralsCount",
  "checkInLast",
  "checkInStreak",
  "nftMint",
  ...SOCIAL_TASK_IDS,
  "referralPending",
  "pendingReferrals",
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
  /** Entries of disqualified wallets. */
  held: string;
  /** Wallets disqualified now. */
  disqualified: string;
  /** What leaderboard() of lib/board.lua takes, in order: lb, lb:held, disqualified. */
  board: readonly string[];
  /** The board version. */
  boardVersion: string;
  /** What leaderboard() of lib/board.lua takes in a script that changes a board: keys.board, then lb:version. */
  boardWrite: readonly string[];
  /** Season n's board. */
  seasonBoard(season: number): string;
  /** What precedes the season number in a season board key, for scripts that derive it. */
  seasonBoardKeyPrefix: string;
  /** Season n's entries of disqualified wallets. */
  seasonHeld(season: number): string;
  /** What precedes the season number in a season held key, for scripts that derive it. */
  seasonHeldKeyPrefix: string;
  /** The referrals credited to each wallet during season n. */
  seasonReferrals(season: number): string;
  /** The highest season anything was scored in. */
  lastSeason: string;
  /** The wallet's disqualification record. */
  disqualification(wallet: string): string;
  /** What precedes the address in a disqualification key, for scripts that derive it. */
  disqualificationKeyPrefix: string;
  /** The wallets a cascade of this wallet disqualified. */
  cascade(wallet: string): string;
  /** What precedes the address in a cascade key, for scripts that derive it. */
  cascadeKeyPrefix: string;
  audit: string;
  activeReferrers: string;
  referrals: string;
  score: string;
  /** The referrer's referees. */
  referees(wallet: string): string;
  /** What precedes the address in a referees key, for scripts that derive it. */
  refereesKeyPrefix: string;
  /** The referrer's farm signals. */
  signals(wallet: string): string;
  /** What precedes the address in a signals key, for scripts that derive it. */
  signalsKeyPrefix: string;
  /** Referrers with signals, by suspicion. */
  signalRanking: string;
  nonce(nonce: string): string;
  rateLimit(key: string, window: number): string;
  /** The day's visits hash; `day` as YYYY-MM-DD. */
  visits(day: string): string;
  /** The day's visitor HyperLogLog of a code, or of every code (ALL_CODES). */
  visitors(day: string, code: string): string;
  /** The day's facts hash. */
  facts(day: string): string;
  /** The day's HyperLogLog of wallets that asked to be bound with a code. */
  connected(day: string): string;
  /** The day's referrals per referrer. */
  referrers(day: string): string;
  countingSince: string;
  /** Scratch key of get-top-referrers.lua. */
  topReferrers: string;
  /** The day's notification counts; `day` as YYYY-MM-DD. */
  notificationCounts(day: string): string;
  /** The fid's notification targets. */
  notificationTargets(fid: number): string;
  /** What precedes the fid in a targets key, for scripts that derive it. */
  notificationTargetsKeyPrefix: string;
  /** Fids with at least one target. */
  subscribers: string;
  /** The last fid the reminders took. */
  reminderCursor: string;
  /** fid -> linked wallet. */
  linkedWallets: string;
  /** wallet -> linked fid. */
  linkedFids: string;
  /** fid -> its last check-in reminder. */
  reminded: string;
  /** The fids the notification of `kind` was claimed for on a day; `day` as YYYY-MM-DD. */
  notificationClaims(kind: NotificationKind, day: string): string;
  questCatalog: string;
  questOrder: string;
  questVersion: string;
  questCompletions: string;
  /** The completable tasks' points. */
  taskPoints: string;
  /** The wallet's last completion of each quest and its quest points. */
  questProgress(wallet: string): string;
  /** The wallet's points ledger. */
  questLedger(wallet: string): string;
  payoutPlans: string;
  payoutLive: string;
  payoutStaged: string;
  /** A plan's header; its rows, wallets and nodes keys are this key with :rows, :w and :nodes. */
  payoutPlan(id: string): string;
  /** What precedes the id in a plan's keys, for scripts that derive them. */
  payoutPlanKeyPrefix: string;
  /** What precedes every webhook key's own part, for the outbox that derives them (lib/outbox.lua). */
  webhookKeyPrefix: string;
  webhookEndpoints: string;
  webhookEndpoint(id: string): string;
  webhookRoutes: string;
  webhookEvents: string;
  webhookSequence: string;
  webhookDelivery(endpointId: string, eventId: string): string;
  /** The endpoint's deliveries, pending ones and finished ones. */
  webhookDeliveries(endpointId: string): string;
  webhookPending(endpointId: string): string;
  webhookFinished(endpointId: string): string;
  webhookDue: string;
}

/** The field and key part that stand for every code in the analytics keys; never a refCode (1 character). */
export const ALL_CODES = "*";

export function redisKeys(prefix: string): RedisKeys {
  const base = `{${prefix}}:`;
  const walletKeyPrefix = `${base}wallet:`;
  const refereesKeyPrefix = `${base}referees:`;
  const disqualificationKeyPrefix = `${base}disqualified:`;
  const cascadeKeyPrefix = `${base}cascade:`;
  const signalsKeyPrefix = `${base}sig:`;
  const leaderboard = `${base}lb`;
  const held = `${base}lb:held`;
  const disqualified = `${base}disqualified`;
  const boardVersion = `${base}lb:version`;
  const seasonBoardKeyPrefix = `${base}lb:s:`;
  const seasonHeldKeyPrefix = `${base}lb:held:s:`;
  const notificationTargetsKeyPrefix = `${base}fc:t:`;
  const webhookKeyPrefix = `${base}wh:`;
  return {
    wallet: (wallet) => walletKeyPrefix + wallet,
    walletKeyPrefix,
    walletKeyPattern: `${escapeGlob(walletKeyPrefix)}*`,
    codes: `${base}codes`,
    codesRebuildLock: `${base}codes:rebuild`,
    leaderboard,
    held,
    disqualified,
    board: [leaderboard, held, disqualified],
    boardVersion,
    boardWrite: [leaderboard, held, disqualified, boardVersion],
    seasonBoard: (season) => seasonBoardKeyPrefix + season,
    seasonBoardKeyPrefix,
    seasonHeld: (season) => seasonHeldKeyPrefix + season,
    seasonHeldKeyPrefix,
    seasonReferrals: (season) => `${base}lb:refs:s:${season}`,
    lastSeason: `${base}lb:seasons`,
    disqualification: (wallet) => disqualificationKeyPrefix + wallet,
    disqualificationKeyPrefix,
    cascade: (wallet) => cascadeKeyPrefix + wallet,
    cascadeKeyPrefix,
    audit: `${base}audit`,
    activeReferrers: `${base}referrers:active`,
    referrals: `${base}referrals`,
    score: `${base}score`,
    referees: (wallet) => refereesKeyPrefix + wallet,
    refereesKeyPrefix,
    signals: (wallet) => signalsKeyPrefix + wallet,
    signalsKeyPrefix,
    signalRanking: `${base}sig:rank`,
    nonce: (nonce) => `${base}nonce:${nonce}`,
    rateLimit: (key, window) => `${base}rl:${key}:${window}`,
    visits: (day) => `${base}an:${day}:visits`,
    visitors: (day, code) => `${base}an:${day}:uv:${code}`,
    facts: (day) => `${base}an:${day}:facts`,
    connected: (day) => `${base}an:${day}:connected`,
    referrers: (day) => `${base}an:${day}:referrers`,
    countingSince: `${base}an:since`,
    topReferrers: `${base}an:top`,
    notificationCounts: (day) => `${base}an:${day}:notifications`,
    notificationTargets: (fid) => notificationTargetsKeyPrefix + fid,
    notificationTargetsKeyPrefix,
    subscribers: `${base}fc:subs`,
    reminderCursor: `${base}fc:cursor`,
    linkedWallets: `${base}fc:wallet`,
    linkedFids: `${base}fc:fid`,
    reminded: `${base}fc:reminded`,
    notificationClaims: (kind, day) => `${base}fc:claim:${kind}:${day}`,
    questCatalog: `${base}q:catalog`,
    questOrder: `${base}q:order`,
    questVersion: `${base}q:version`,
    questCompletions: `${base}q:completions`,
    taskPoints: `${base}q:tasks`,
    questProgress: (wallet) => `${base}q:w:${wallet}`,
    questLedger: (wallet) => `${base}q:ledger:${wallet}`,
    payoutPlans: `${base}pay:plans`,
    payoutLive: `${base}pay:live`,
    payoutStaged: `${base}pay:staged`,
    payoutPlan: (id) => `${base}pay:${id}`,
    payoutPlanKeyPrefix: `${base}pay:`,
    webhookKeyPrefix,
    webhookEndpoints: `${webhookKeyPrefix}endpoints`,
    webhookEndpoint: (id) => `${webhookKeyPrefix}e:${id}`,
    webhookRoutes: `${webhookKeyPrefix}routes`,
    webhookEvents: `${webhookKeyPrefix}events`,
    webhookSequence: `${webhookKeyPrefix}seq`,
    webhookDelivery: (endpointId, eventId) => `${webhookKeyPrefix}d:${endpointId}:${eventId}`,
    webhookDeliveries: (endpointId) => `${webhookKeyPrefix}l:${endpointId}`,
    webhookPending: (endpointId) => `${webhookKeyPrefix}p:${endpointId}`,
    webhookFinished: (endpointId) => `${webhookKeyPrefix}f:${endpointId}`,
    webhookDue: `${webhookKeyPrefix}due`,
  };
}

/** SCAN MATCH treats * ? [ ] \ as glob syntax. */
function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, "\\$&");
}

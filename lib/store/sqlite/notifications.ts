/**
 * Farcaster notifications on SQLite. Owns `farcaster_targets`, `farcaster_links`,
 * `farcaster_reminders` (a fid's last reminder, deleted with its last target by a trigger),
 * `notification_claims`, `notification_days` and `notification_cursor` (migration 12). Reads the
 * linked wallet's check-in from `wallets` (tasks.ts). Claims and day counts expire as the
 * counters do (counters.ts): each write removes a few expired rows, with no sweeper.
 */
import "server-only";
import { everyDay, lastExpiredDay } from "@/lib/domain/analytics";
import type { NotificationTarget } from "@/lib/domain/notifications";
import { immediate, required, snapshot, type Db } from "@/lib/store/sqlite/db";
import type { NotificationDay, NotificationOutcome, NotificationStore, ReminderCandidate } from "@/lib/store/types";

/** Expired claims one claim removes at most: bounded work on the request path. */
const PURGE_BATCH = 8;
/** A claim outlives its day by this many days, past the clients' 24 hours of deduplication. */
const CLAIM_DAYS = 2;

const TARGET_COLUMNS = "t.fid, t.app_fid AS appFid, t.url, t.token";

type CandidateRow = NotificationTarget & Omit<ReminderCandidate, "fid" | "targets">;

export function sqliteNotifications(db: Db, retentionDays: number): NotificationStore {
  const upsertTarget = db.prepare<[NotificationTarget & { now: number }]>(
    `INSERT INTO farcaster_targets (fid, app_fid, url, token, updated_at) VALUES (:fid, :appFid, :url, :token, :now)
     ON CONFLICT DO UPDATE SET url = excluded.url, token = excluded.token, updated_at = excluded.updated_at`,
  );
  const deleteTarget = db.prepare<[{ fid: number; appFid: number }]>("DELETE FROM farcaster_targets WHERE fid = :fid AND app_fid = :appFid");
  // A target whose token changed since the send is a new subscription: it stays.
  const dropTarget = db.prepare<[NotificationTarget]>(
    "DELETE FROM farcaster_targets WHERE fid = :fid AND app_fid = :appFid AND token = :token",
  );
  const readTargets = db.prepare<[number], NotificationTarget>(
    `SELECT ${TARGET_COLUMNS} FROM farcaster_targets t WHERE t.fid = ? ORDER BY t.app_fid`,
  );
  const hasTarget = db.prepare<[number], { one: number }>("SELECT 1 AS one FROM farcaster_targets WHERE fid = ? LIMIT 1");

  const unlink = db.prepare<[{ fid: number; wallet: string }]>("DELETE FROM farcaster_links WHERE fid = :fid OR wallet = :wallet");
  const insertLink = db.prepare<[{ fid: number; wallet: string; now: number }]>(
    "INSERT INTO farcaster_links (fid, wallet, linked_at) VALUES (:fid, :wallet, :now)",
  );
  const readLinkedFid = db.prepare<[string], { fid: number }>("SELECT fid FROM farcaster_links WHERE wallet = ?");

  const purgeClaims = db.prepare<[{ expired: number }]>(
    `DELETE FROM notification_claims WHERE (day, kind, fid) IN
       (SELECT day, kind, fid FROM notification_claims WHERE day <= :expired LIMIT ${PURGE_BATCH})`,
  );
  const insertClaim = db.prepare<[{ day: number; kind: string; fid: number }]>(
    "INSERT INTO notification_claims (day, kind, fid) VALUES (:day, :kind, :fid) ON CONFLICT DO NOTHING",
  );

  const readCursor = db.prepare<[], { fid: number }>("SELECT fid FROM notification_cursor");
  const writeCursor = db.prepare<[number]>("UPDATE notification_cursor SET fid = ?");
  const readSubscribersAfter = db.prepare<[{ after: number; limit: number }], { fid: number }>(
    "SELECT DISTINCT fid FROM farcaster_targets WHERE fid > :after ORDER BY fid LIMIT :limit",
  );
  const readCandidateRows = db.prepare<[{ after: number; last: number }], CandidateRow>(
    `SELECT ${TARGET_COLUMNS}, l.wallet, w.checkin_last AS checkInLast, r.reminded_at AS remindedAt
       FROM farcaster_targets t
       LEFT JOIN farcaster_links l ON l.fid = t.fid
       LEFT JOIN wallets w ON w.wallet = l.wallet
       LEFT JOIN farcaster_reminders r ON r.fid = t.fid
      WHERE t.fid > :after AND t.fid <= :last ORDER BY t.fid, t.app_fid`,
  );

  const purgeDays = db.prepare<[number]>("DELETE FROM notification_days WHERE day <= ?");
  const addCounts = db.prepare<[NotificationDay]>(
    `INSERT INTO notification_days (day, sent, failed, invalid) VALUES (:day, :sent, :failed, :invalid)
     ON CONFLICT DO UPDATE SET sent = sent + excluded.sent, failed = failed + excluded.failed, invalid = invalid + excluded.invalid`,
  );
  // Not for a fid whose last target went meanwhile: its row would outlive the trigger that removes it.
  const markReminded = db.prepare<[{ fid: number; now: number }]>(
    `INSERT INTO farcaster_reminders (fid, reminded_at)
     SELECT :fid, :now WHERE EXISTS (SELECT 1 FROM farcaster_targets WHERE fid = :fid)
     ON CONFLICT DO UPDATE SET reminded_at = excluded.reminded_at`,
  );

  const readDays = db.prepare<[{ fromDay: number; toDay: number }], NotificationDay>(
    "SELECT day, sent, failed, invalid FROM notification_days WHERE day BETWEEN :fromDay AND :toDay",
  );
  const readTotals = db.prepare<[], { subscribers: number; linked: number }>(
    `SELECT (SELECT count(DISTINCT fid) FROM farcaster_targets) AS subscribers,
            (SELECT count(*) FROM farcaster_links) AS linked`,
  );

  return {
    // One statement each (the trigger runs inside it): no transaction needed.
    saveNotificationTarget: async (target, now) => void upsertTarget.run({ ...target, now }),
    removeNotificationTarget: async (fid, appFid) => void deleteTarget.run({ fid, appFid }),

    linkFarcaster: immediate(db, (fid: number, wallet: string, now: number) => {
      unlink.run({ fid, wallet });
      insertLink.run({ fid, wallet, now });
      return { notifications: hasTarget.get(fid) !== undefined };
    }),

    linkedFid: async (wallet) => readLinkedFid.get(wallet)?.fid ?? null,

    claimNotification: immediate(db, (kind: string, wallet: string, day: number) => {
      const link = readLinkedFid.get(wallet);
      const targets = link ? readTargets.all(link.fid) : [];
      if (!link || targets.length === 0) return null;
      purgeClaims.run({ expired: day - CLAIM_DAYS - 1 });
      return insertClaim.run({ day, kind, fid: link.fid }).changes === 0 ? null : { fid: link.fid, targets };
    }),

    takeReminderBatch: immediate(db, (limit: number) => {
      const after = required(readCursor.get(), "notification cursor").fid;
      // One more than asked: whether a subscriber follows the batch.
      const fids = readSubscribersAfter.all({ after, limit: limit + 1 });
      const last = fids.slice(0, limit).at(-1)?.fid;
      const wrapped = fids.length <= limit;
      writeCursor.run(wrapped || last === undefined ? 0 : last);
      return { candidates: last === undefined ? [] : candidatesOf(readCandidateRows.all({ after, last })), wrapped };
    }),

    recordNotificationOutcome: immediate(db, ({ day, sent, failed, invalid, drop, reminded, now }: NotificationOutcome) => {
      purgeDays.run(lastExpiredDay(now, retentionDays));
      addCounts.run({ day, sent, failed, invalid });
      // Dropped first: a fid reminded and left without targets keeps no reminder.
      for (const target of drop) dropTarget.run(target);
      for (const fid of reminded) markReminded.run({ fid, now });
    }),

    getNotificationStats: snapshot(db, (fromDay: number, toDay: number) => ({
      days: everyDay({ fromDay, toDay }, readDays.all({ fromDay, toDay }), (day, row) => row ?? { day, sent: 0, failed: 0, invalid: 0 }),
      ...required(readTotals.get(), "notification totals"),
    })),
  };
}

/** Rows of targets, by fid then appFid, as one candidate per fid. */
function candidatesOf(rows: CandidateRow[]): ReminderCandidate[] {
  const candidates: ReminderCandidate[] = [];
  for (const { fid, appFid, url, token, wallet, checkInLast, remindedAt } of rows) {
    const candidate = candidates.at(-1);
    const target = { fid, appFid, url, token };
    if (candidate?.fid === fid) candidate.targets.push(target);
    else candidates.push({ fid, wallet, checkInLast, remindedAt, targets: [target] });
  }
  return candidates;
}

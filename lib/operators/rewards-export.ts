/**
 * The rewards export behind `npm run export:rewards` and GET /api/admin/rewards: every
 * leaderboard entry with score >= minScore, in rank order, as CSV or JSON, streamed page by
 * page from OperatorStore.scanLeaderboard (O(log N + page) per page on every backend), so memory
 * stays constant whatever the size of the board.
 *
 * Format (docs/operators.md): the body is line-oriented; its LAST line is a trailer holding the
 * row count and the sha256 (hex) of every byte before that line.
 *
 *   csv:  rank,wallet,score,rewards,referrals_count      (header)
 *         1,0xabc...,12,240,11                            (one line per row, LF)
 *         # count=1 sha256=<64 hex>                       (trailer)
 *
 *   json: {"format":"refboard-rewards/1","minScore":0,"rows":[
 *         {"rank":1,"wallet":"0xabc...","score":12,"rewards":240,"referrals_count":11}
 *         ],"count":1,"sha256":"<64 hex>"}              (trailer: the document stays valid JSON)
 *
 * Nothing time-dependent is in the body: two exports of an unchanged board are byte-identical,
 * so equal checksums mean "nothing changed". A body without its trailer is incomplete.
 *
 * The board is read live, not as one snapshot. Scores only grow on the request path, and a
 * change while the export runs would shift rows between pages (a wallet read twice or
 * skipped), so the export watches for it: scores must not increase down the stream, no wallet
 * may appear twice across two consecutive pages, the entry count must be the same at the end
 * as at the start, and a complete export must hold exactly that many rows. Any of these
 * failing throws BoardChangedError: no payout file is better than a wrong one; run it again
 * (or when the campaign is quiet).
 */
import { createHash } from "node:crypto";
import { textStream } from "@/lib/operators/text-stream";
import { CSV_COLUMNS, EXPORT_FORMAT_ID, type ExportFormat, type RewardRow } from "@/lib/contract/rewards-export-schemas";
import { rewardsOf } from "@/lib/domain/leaderboard";
import type { BoardRef, OperatorStore } from "@/lib/store/types";

/** Rows per scanLeaderboard call (the OperatorStore batch limit). */
const PAGE_SIZE = 1000;

export interface RewardsExportOptions {
  format: ExportFormat;
  /** Rows with a lower score are left out (they are all at the end of the order). Default 0: every entry. */
  minScore?: number;
  /** Rows per store call, 1-1000 (default 1000). */
  pageSize?: number;
  /** A season's board (its points and the referrals credited in it) instead of the all-time board. */
  season?: number;
}

export interface RewardsExportSummary {
  count: number;
  sha256: string;
}

/** The leaderboard moved while the export read it; the output is not a consistent statement. */
export class BoardChangedError extends Error {
  constructor(detail: string) {
    super(`the leaderboard changed while the export ran (${detail}); run the export again, ideally while no referral is being recorded`);
    this.name = "BoardChangedError";
  }
}

type ExportStore = Pick<OperatorStore, "scanLeaderboard" | "countLeaderboard">;

/**
 * The export's rows, a page at a time, in rank order: every entry with score >= minScore, each checked
 * against the board moving while it is read (BoardChangedError). `total` is the board's entry count read
 * just before (countLeaderboard); the board must hold as many at the end. The generator's return value is
 * the number of rows. A consumer that stops early (the returned generator) skips the end-of-board checks.
 */
export async function* rewardPages(
  store: ExportStore,
  board: BoardRef,
  minScore: number,
  total: number,
  pageSize = PAGE_SIZE,
): AsyncGenerator<RewardRow[], number, undefined> {
  let count = 0;
  let previousScore = Infinity;
  let previousPage = new Set<string>();
  let complete = true; // false when stopped at minScore: the board goes on below
  let cursor = "0";
  do {
    const page = await store.scanLeaderboard(cursor, pageSize, board);
    cursor = page.cursor;
    const seen = new Set<string>();
    const rows: RewardRow[] = [];
    for (const row of page.rows) {
      if (row.score > previousScore) throw new BoardChangedError(`${row.wallet} at rank ${count + 1} outscores the row above it`);
      if (previousPage.has(row.wallet) || seen.has(row.wallet)) throw new BoardChangedError(`${row.wallet} was read twice`);
      previousScore = row.score;
      seen.add(row.wallet);
      if (row.score < minScore) {
        complete = false;
        break;
      }
      count++;
      rows.push({ rank: count, wallet: row.wallet, score: row.score, rewards: rewardsOf(row.score), referrals_count: row.referralsCount });
    }
    if (rows.length > 0) yield rows;
    if (!complete) break;
    previousPage = seen;
  } while (cursor !== "0");

  const after = await store.countLeaderboard(board);
  if (after !== total) throw new BoardChangedError(`${total} entries at the start, ${after} at the end`);
  if (complete && count !== total) throw new BoardChangedError(`${count} rows read of ${total} entries`);
  return count;
}

/**
 * The export as text chunks (about one page each), ending with the trailer line. The summary
 * (count and checksum) is the generator's return value. Store errors and BoardChangedError
 * propagate: a consumer that sees one must discard what it got.
 */
export async function* exportRewards(
  store: ExportStore,
  options: RewardsExportOptions,
): AsyncGenerator<string, RewardsExportSummary, undefined> {
  const { format } = options;
  const minScore = options.minScore ?? 0;
  const board: BoardRef = options.season === undefined ? "all" : { season: options.season };
  const hash = createHash("sha256");
  const emit = (text: string) => (hash.update(text, "utf8"), text);

  const pages = rewardPages(store, board, minScore, await store.countLeaderboard(board), options.pageSize);
  yield emit(format === "csv" ? `${CSV_COLUMNS.join(",")}\n` : `{"format":"${EXPORT_FORMAT_ID}","minScore":${minScore},"rows":[\n`);
  let pendingJson: string | null = null; // the last JSON row waits for the next one to know if it needs a comma
  let page = await pages.next();
  while (!page.done) {
    let chunk = "";
    for (const out of page.value) {
      if (format === "csv") {
        chunk += `${out.rank},${out.wallet},${out.score},${out.rewards},${out.referrals_count}\n`;
      } else {
        if (pendingJson !== null) chunk += `${pendingJson},\n`;
        pendingJson = JSON.stringify(out);
      }
    }
    if (chunk) yield emit(chunk);
    page = await pages.next();
  }
  const count = page.value;

  if (pendingJson !== null) yield emit(`${pendingJson}\n`);
  const sha256 = hash.digest("hex");
  yield format === "csv" ? `# count=${count} sha256=${sha256}\n` : `],"count":${count},"sha256":"${sha256}"}\n`;
  return { count, sha256 };
}

/** The export as a byte stream for a Response (a body without its trailer when it fails midway: see textStream). */
export function openRewardsExportStream(store: ExportStore, options: RewardsExportOptions): Promise<ReadableStream<Uint8Array>> {
  return textStream(exportRewards(store, options), "rewards export", { count: 0, sha256: "" });
}

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  json: "application/json; charset=utf-8",
};

/**
 * Checks an export's trailer: the count of rows and the checksum of everything above it.
 * Returns the summary, or throws with what is wrong.
 */
export function verifyRewardsExport(text: string): RewardsExportSummary & { format: ExportFormat } {
  if (!text.endsWith("\n")) throw new Error("the export does not end with a newline: it is incomplete");
  const cut = text.lastIndexOf("\n", text.length - 2) + 1;
  const body = text.slice(0, cut);
  const trailer = text.slice(cut, -1);
  const csv = /^# count=(\d+) sha256=([0-9a-f]{64})$/.exec(trailer);
  const json = /^\],"count":(\d+),"sha256":"([0-9a-f]{64})"\}$/.exec(trailer);
  const match = csv ?? json;
  if (!match) throw new Error("the last line is not an export trailer: the export is incomplete");
  const [, countText, sha256] = match as unknown as [string, string, string];
  const actual = createHash("sha256").update(body, "utf8").digest("hex");
  if (actual !== sha256) throw new Error(`checksum mismatch: trailer says ${sha256}, content hashes to ${actual}`);
  const count = Number(countText);
  const rows = body.split("\n").length - 2; // lines above the trailer, minus the header (CSV) or opening line (JSON)
  if (rows !== count) throw new Error(`the trailer counts ${count} rows but the export holds ${rows}`);
  return { format: csv ? "csv" : "json", count, sha256 };
}

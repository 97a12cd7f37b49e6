/**
 * npm run export:rewards -- --format csv|json [--min-score N] [--season N] --out FILE [--page-size N] [--env-file PATH]
 *
 * Writes the rewards export (lib/operators/rewards-export.ts: rank order, one row per
 * leaderboard entry with score >= N, a trailer line with count and sha256) of the store the app
 * is configured for (same environment variables), in constant memory. The file appears only
 * when complete (written as FILE.partial, then renamed), with FILE.sha256 beside it in the
 * format of `sha256sum -c`. `--out -` writes to stdout instead (no companion file).
 * Exit code: 0 written, 1 failed (store error, or the board changed while it ran), 2 usage.
 * Read-only on the store.
 */
import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { rename, rm, writeFile } from "node:fs/promises";
import { basename } from "node:path";
import { once } from "node:events";
import { EXPORT_FORMATS, type ExportFormat } from "@/lib/contract/rewards-export-schemas";
import { exportRewards } from "@/lib/operators/rewards-export";
import { openConfiguredStore, runMain, UsageError, wholeNumber } from "@/scripts/operator-cli";
import { seasonAt, seasonBounds, type SeasonSchedule } from "@/lib/domain/seasons";

const USAGE = `usage: npm run export:rewards -- --format csv|json [--min-score N] [--season N] --out FILE [--page-size N] [--env-file PATH]
  --format     csv or json
  --min-score  leave out entries with a lower score (default 0: every entry)
  --season     a season that has ended (SEASON_LENGTH_DAYS, SEASON_START): its board instead of the all-time board
  --out        the file to write (FILE.sha256 is written beside it); - for stdout
  --page-size  rows per store call, 1-1000 (default 1000)
  --env-file   load variables from a file first (repeatable; the environment wins)`;

const OPTIONS = {
  format: { type: "string" },
  "min-score": { type: "string" },
  season: { type: "string" },
  out: { type: "string" },
  "page-size": { type: "string" },
} as const;

runMain("export", USAGE, OPTIONS, async (values) => {
  const format = values.format as ExportFormat | undefined;
  if (!format || !EXPORT_FORMATS.includes(format)) throw new UsageError("--format must be csv or json");
  if (!values.out) throw new UsageError("--out FILE is required (- for stdout)");
  const minScore = wholeNumber(values["min-score"], "min-score", 0, 0, 999_999_999);
  const pageSize = wholeNumber(values["page-size"], "page-size", 1000, 1, 1000);

  const season = values.season === undefined ? undefined : wholeNumber(values.season, "season", 1, 1, 999_999);
  const { store, target, cfg } = await openConfiguredStore(values["env-file"]);
  if (season !== undefined) {
    try {
      checkEndedSeason(season, cfg.seasons);
    } catch (error) {
      await store.close();
      throw error;
    }
  }
  const toStdout = values.out === "-";
  const out = values.out;
  const partial = `${out}.partial`;
  const sink = toStdout ? process.stdout : createWriteStream(partial, { flags: "w" });
  const fileHash = createHash("sha256");
  const started = performance.now();
  try {
    const chunks = exportRewards(store, { format, minScore, pageSize, season });
    let next = await chunks.next();
    while (!next.done) {
      fileHash.update(next.value);
      if (!sink.write(next.value)) await once(sink, "drain");
      next = await chunks.next();
    }
    const summary = next.value;
    if (!toStdout) {
      await new Promise<void>((resolve, reject) => (sink as ReturnType<typeof createWriteStream>).end((e?: Error | null) => (e ? reject(e) : resolve())));
      await rename(partial, out);
      await writeFile(`${out}.sha256`, `${fileHash.digest("hex")}  ${basename(out)}\n`);
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.error(
      `[export] ${summary.count} rows (score >= ${minScore}${season === undefined ? "" : `, season ${season}`}) from ${target} in ${seconds} s; trailer sha256 ${summary.sha256}` +
        (toStdout ? "" : `; wrote ${out} and ${out}.sha256`),
    );
    return 0;
  } catch (error) {
    if (!toStdout) {
      (sink as ReturnType<typeof createWriteStream>).destroy();
      await rm(partial, { force: true });
    }
    throw error;
  } finally {
    await store.close();
  }
});

/** A season is paid out once it has ended: its board no longer moves. */
function checkEndedSeason(season: number, schedule: SeasonSchedule | undefined): void {
  if (!schedule) throw new UsageError("--season needs seasons: SEASON_LENGTH_DAYS and SEASON_START are not set");
  const now = Math.floor(Date.now() / 1000);
  if (season >= seasonAt(now, schedule)) {
    const ends = new Date(seasonBounds(season, schedule).end * 1000).toISOString();
    throw new UsageError(`season ${season} has not ended yet (it ends ${ends}); its board still moves`);
  }
}

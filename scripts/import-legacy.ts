/**
 * npm run import:legacy -- --from <redis://... | https://...> [--token T] [--scores max|relationships]
 *                          [--dry-run] [--overwrite] [--report FILE] [--env-file PATH]
 *
 * Imports the original app's keyspace (lib/operators/legacy-import.ts has the keys and the rules)
 * into the store the app is configured for (the same environment variables). Read-only on the
 * source; safe to re-run (records already imported are left as they are).
 * Prints every inconsistency found (kind, key or wallet, what was done) and a summary.
 * Exit code: 0 imported (or dry run), 1 failed, 2 usage, 3 stopped because the target already
 * holds different data for some wallets (re-run with --overwrite to replace them).
 */
import { createWriteStream } from "node:fs";
import { importLegacy, type ScoreRule } from "@/lib/operators/legacy-import";
import { connectLegacySource } from "@/lib/operators/legacy-source";
import { INCONSISTENCY_KINDS } from "@/lib/operators/legacy-state";
import { REWARD_UNITS_PER_POINT } from "@/lib/domain/leaderboard";
import { openConfiguredStore, runMain, UsageError } from "@/scripts/operator-cli";

const USAGE = `usage: npm run import:legacy -- --from <redis://... | https://...> [--token T] [options]
  --from       the legacy Redis (redis:// or rediss://) or Upstash REST URL (https://, with --token)
  --token      the Upstash REST token of the source
  --scores     max (default): keep a legacy score above what relationships justify, raise one below;
               relationships: recompute every score from the relationships
  --dry-run    read and report, write nothing
  --overwrite  replace target records that differ from the import (default: stop before writing)
  --report F   write every inconsistency to F as JSON lines instead of printing them
  --env-file   load variables (the target store) from a file first (repeatable; the environment wins)`;

const OPTIONS = {
  from: { type: "string" },
  token: { type: "string" },
  scores: { type: "string", default: "max" },
  "dry-run": { type: "boolean", default: false },
  overwrite: { type: "boolean", default: false },
  report: { type: "string" },
} as const;

runMain("import", USAGE, OPTIONS, async (values) => {
  if (!values.from) throw new UsageError("--from is required");
  if (values.scores !== "max" && values.scores !== "relationships") throw new UsageError("--scores must be max or relationships");
  let sourceUrl: URL;
  try {
    sourceUrl = new URL(values.from);
  } catch {
    throw new UsageError(`--from is not a URL: ${values.from}`);
  }

  const { store, target } = await openConfiguredStore(values["env-file"]);
  const reportFile = values.report ? createWriteStream(values.report) : null;
  try {
    const source = await connectLegacySource(values.from, values.token);
    try {
      console.error(`[import] from ${sourceUrl.protocol}//${sourceUrl.host} into ${target}${values["dry-run"] ? " (dry run)" : ""}`);
      const report = await importLegacy(source, store, {
        scores: values.scores as ScoreRule,
        dryRun: values["dry-run"],
        overwrite: values.overwrite,
        onInconsistency: (i) => {
          if (reportFile) reportFile.write(`${JSON.stringify(i)}\n`);
          else console.log(`${i.kind}\t${i.subject}\t${i.detail}`);
        },
        onProgress: (message) => {
          if (process.stderr.isTTY) process.stderr.write(`\r[import] ${message}\x1b[K`);
        },
      });
      if (process.stderr.isTTY) process.stderr.write("\n");
      const s = report.source;
      const lines = [
        `source: ${s.keys} keys (referral ${s.referralKeys}, refcode ${s.refcodeKeys}, refcount ${s.refcountKeys}, user ${s.userKeys}, other ${s.otherKeys}); ` +
          `leaderboard ${s.leaderboardMembers} members, set:referrers ${s.referrerSetMembers}`,
        `mapped: ${report.wallets} wallets, ${report.referrals} referrals, ${report.entries} leaderboard entries`,
        `rewards: legacy ${report.legacyScoreTotal * REWARD_UNITS_PER_POINT}, imported ${report.importedScoreTotal * REWARD_UNITS_PER_POINT} (scores ${values.scores})`,
        `inconsistencies: ${report.inconsistencies}` +
          (report.inconsistencies
            ? ` (${INCONSISTENCY_KINDS.filter((k) => report.byKind[k]).map((k) => `${k} ${report.byKind[k]}`).join(", ")})`
            : ""),
        `target: ${report.written} written, ${report.unchanged} already up to date, ${report.conflicting} holding different data`,
      ];
      for (const line of lines) console.error(`[import] ${line}`);
      if (values["dry-run"]) {
        console.error("[import] dry run: nothing written");
        return 0;
      }
      if (report.aborted) {
        console.error(
          `[import] STOPPED before writing anything: the target already holds different data for ${report.conflicting} wallet(s), e.g. ` +
            `${report.conflictSamples.slice(0, 3).join(", ")}. It is live or was filled from elsewhere; re-run with --overwrite to replace them.`,
        );
        return 3;
      }
      console.error("[import] done; check the result with npm run check:invariants");
      return 0;
    } finally {
      await source.close();
    }
  } finally {
    await store.close();
    reportFile?.end();
  }
});

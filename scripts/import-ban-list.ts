/**
 * npm run import:ban-list -- --file FILE [--admin LABEL] [--dry-run] [--env-file PATH]
 *
 * Disqualifies the wallets of a ban list (the CSV that /admin and GET /api/admin/disqualified
 * download: wallet and reason columns are read) in the store the app is configured for, each
 * with its reason. Wallets already disqualified keep their record; wallets this deployment has
 * not seen are disqualified ahead and never reach the board. Up to 1,000 wallets are one step and
 * one audit entry (action import-ban-list); a longer list is one per 1,000, in file order, so a
 * run stopped half way leaves each step either done and logged or not done at all: run it again.
 * Exit code: 0 done, 1 failed (store error), 2 usage or a bad row (nothing written).
 */
import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import { MAX_ADMIN_LENGTH } from "@/lib/domain/moderation";
import { BanListError, readBanList } from "@/lib/operators/ban-list";
import { MAX_BAN_LIST_BATCH } from "@/lib/store/types";
import { openConfiguredStore, runMain, UsageError } from "@/scripts/operator-cli";

const USAGE = `usage: npm run import:ban-list -- --file FILE [--admin LABEL] [--dry-run] [--env-file PATH]
  --file      the ban list (CSV with wallet and reason columns)
  --admin     who acted, as the audit log names it (default "import <file name>", at most ${MAX_ADMIN_LENGTH} characters)
  --dry-run   read and check the file, write nothing
  --env-file  load variables from a file first (repeatable; the environment wins)`;

const OPTIONS = {
  file: { type: "string" },
  admin: { type: "string" },
  "dry-run": { type: "boolean", default: false },
} as const;

runMain("import:ban-list", USAGE, OPTIONS, async (values) => {
  if (!values.file) throw new UsageError("--file FILE is required");
  const admin = (values.admin ?? `import ${basename(values.file)}`).slice(0, MAX_ADMIN_LENGTH);
  let list: ReturnType<typeof readBanList>;
  try {
    list = readBanList(await readFile(values.file, "utf8"));
  } catch (error) {
    if (error instanceof BanListError) throw new UsageError(`${values.file}: ${error.message}`);
    throw error;
  }
  const note = list.duplicates > 0 ? ` (${list.duplicates} repeated row(s) left out)` : "";
  if (values["dry-run"]) {
    console.error(`[import:ban-list] ${list.rows.length} wallet(s) read, nothing written${note}`);
    return 0;
  }
  const { store, target } = await openConfiguredStore(values["env-file"]);
  try {
    let disqualified = 0;
    for (let i = 0; i < list.rows.length; i += MAX_BAN_LIST_BATCH) {
      const result = await store.disqualifyMany({ rows: list.rows.slice(i, i + MAX_BAN_LIST_BATCH), admin, now: Math.floor(Date.now() / 1000) });
      disqualified += result.wallets.length;
      console.error(`[import:ban-list] audit entry ${result.audit.id}: ${result.wallets.length} of ${Math.min(MAX_BAN_LIST_BATCH, list.rows.length - i)} wallet(s) disqualified`);
    }
    console.error(
      `[import:ban-list] ${list.rows.length} wallet(s) read, ${disqualified} disqualified, ${list.rows.length - disqualified} already were, in ${target}${note}`,
    );
    return 0;
  } finally {
    await store.close();
  }
});

/**
 * The ban list moved between deployments: the CSV the console downloads (banListResponse) read
 * back by `npm run import:ban-list` into another SQLite store, as one audited action; a bad row
 * writes nothing; a second run changes nothing but is logged.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_RETENTION_DAYS } from "@/lib/domain/analytics";
import { banListResponse } from "@/lib/http/admin-tables";
import { checked } from "@/lib/store/checked";
import { openSqliteStore } from "@/lib/store/sqlite";
import type { Disqualification, Store } from "@/lib/store/types";
import { boardRows } from "@/tests/support/board";
import { randomWallet } from "@/tests/support/wallets";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const NOW = 1_760_000_000;

function runImport(args: string[], dataDir: string): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--conditions=react-server", "--import", "tsx", join(ROOT, "scripts/import-ban-list.ts"), ...args],
      { cwd: ROOT, env: { PATH: process.env.PATH, NODE_ENV: "production", DATA_DIR: dataDir }, timeout: 60_000 },
      (error, _stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stderr }),
    );
  });
}

async function* pagesOf(rows: Disqualification[]) {
  yield rows;
}

describe("npm run import:ban-list", () => {
  const opened: Store[] = [];
  afterEach(async () => {
    for (const store of opened.splice(0)) await store.close();
  });
  const openStore = (dataDir: string) => {
    const store = checked(openSqliteStore(dataDir, { retentionDays: DEFAULT_RETENTION_DAYS }));
    opened.push(store);
    return store;
  };

  it("imports the console's download with each reason, as one audit entry, and a second run changes nothing", async () => {
    const wallets = [randomWallet(), randomWallet(), randomWallet()];
    const reasons = ["farm, 30 idle referees", '=HYPERLINK("x") looks like a formula', 'said "bot" | twice'];
    const rows = wallets.map((wallet, i) => ({ wallet, reason: reasons[i]!, at: NOW, admin: "token", via: i === 2 ? wallets[0]! : null }));
    const csv = await (await banListResponse(pagesOf(rows), "csv")).text();
    const dir = mkdtempSync(join(tmpdir(), "refboard-ban-list-"));
    const file = join(dir, "ban-list.csv");
    // An upper-case wallet and a repeated row, as a hand-edited list may hold.
    writeFileSync(file, csv + `${wallets[1]!.toUpperCase().replace("0X", "0x")},again\r\n`);
    const dataDir = mkdtempSync(join(tmpdir(), "refboard-ban-list-store-"));
    const target = openStore(dataDir);
    const onBoard = randomWallet();
    await target.getRankOrCreate(wallets[0]!, NOW);
    await target.getRankOrCreate(onBoard, NOW);

    const first = await runImport(["--file", file], dataDir);
    expect(first.stderr).toContain("3 wallet(s) read, 3 disqualified, 0 already were");
    expect(first.stderr).toContain("1 repeated row(s) left out");
    expect(first.code).toBe(0);
    const stored = await target.getDisqualifications(wallets);
    expect(stored.map((d) => d?.reason)).toEqual(reasons);
    expect(stored.map((d) => d?.admin)).toEqual(Array(3).fill("import ban-list.csv"));
    expect(stored.map((d) => d?.via)).toEqual([null, null, null]);
    expect((await boardRows(target, 10)).map((row) => row.wallet)).toEqual([onBoard]);
    const log = await target.getAuditLog(0, 10);
    expect(log.entries).toEqual([expect.objectContaining({ id: 1, action: "import-ban-list", admin: "import ban-list.csv", wallet: null, reason: null, wallets: 3 })]);

    const again = await runImport(["--file", file, "--admin", "ops"], dataDir);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain("3 wallet(s) read, 0 disqualified, 3 already were");
    expect((await target.getAuditLog(0, 10)).entries[0]).toMatchObject({ id: 2, admin: "ops", wallets: 0 });
  });

  it("a bad row, or --dry-run, writes nothing", async () => {
    const dir = mkdtempSync(join(tmpdir(), "refboard-ban-list-"));
    const dataDir = mkdtempSync(join(tmpdir(), "refboard-ban-list-store-"));
    const good = join(dir, "good.csv");
    writeFileSync(good, `wallet,reason\n${randomWallet()},farm\n`);
    const bad = join(dir, "bad.csv");
    writeFileSync(bad, `wallet,reason\n${randomWallet()},farm\n0x1234,farm\n`);
    const noReason = join(dir, "no-reason.csv");
    writeFileSync(noReason, `wallet,reason\n${randomWallet()},\n`);

    const badRun = await runImport(["--file", bad], dataDir);
    expect(badRun.code).toBe(2);
    expect(badRun.stderr).toContain('line 3: "0x1234" is not a wallet address');
    const noReasonRun = await runImport(["--file", noReason], dataDir);
    expect(noReasonRun.code).toBe(2);
    expect(noReasonRun.stderr).toContain("line 2: the reason must be 1 to 500 characters on one line");
    const dry = await runImport(["--file", good, "--dry-run"], dataDir);
    expect(dry.code).toBe(0);
    expect(dry.stderr).toContain("1 wallet(s) read, nothing written");
    expect((await openStore(dataDir).getAuditLog(0, 10)).total).toBe(0);
    expect((await runImport([], dataDir)).code).toBe(2);
  });
});

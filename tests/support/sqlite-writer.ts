/**
 * A separate process writing through SqliteStore, for tests/store/sqlite-specific.test.ts.
 * Run with `node --conditions=react-server --import tsx` (react-server makes `server-only` a no-op).
 * It prints one line per ACKNOWLEDGED write, so the parent knows exactly what must survive.
 *
 *   crash <dataDir> <referrer>
 *       forever: refer a fresh referee to <referrer> ("R <referee>"), then complete a social
 *       task for it ("S <referee> <ts>"); the parent SIGKILLs it mid-way.
 *   referrals <dataDir> <referrer> <count>
 *       opens the store, prints "ready", waits for a line on stdin, prints "writing", then
 *       refers <count> fresh referees one after another.
 */
import { DEFAULT_RETENTION_DAYS } from "@/lib/domain/analytics";
import { createInterface } from "node:readline";
import { refCodeOf } from "@/lib/domain/wallet";
import { openSqliteStore } from "@/lib/store/sqlite";
import { randomWallet } from "@/tests/support/wallets";
import { AT_ONCE } from "@/tests/support/rules";

// Top-level await is not available: package.json has no "type": "module", so tsx runs this as CommonJS.
async function main(): Promise<void> {
  const [mode, dataDir, referrer, count] = process.argv.slice(2);
  if (!dataDir || !referrer) throw new Error("usage: sqlite-writer <crash|referrals> <dataDir> <referrer> [count]");

  const store = openSqliteStore(dataDir, { retentionDays: DEFAULT_RETENTION_DAYS });
  const refCode = refCodeOf(referrer);
  const T0 = 1_750_000_000;

  async function refer(now: number): Promise<string> {
    const referee = randomWallet();
    const result = await store.recordReferral({ referee, refCode, selfReferral: false, now, terms: AT_ONCE });
    if (result.outcome !== "recorded") throw new Error(`unexpected outcome ${result.outcome}`);
    return referee;
  }

  if (mode === "crash") {
    for (let i = 0; ; i++) {
      const referee = await refer(T0 + i);
      console.log(`R ${referee}`);
      const { completedAt: ts } = await store.completeSocialTask(referee, "fc_follow", T0 + i);
      console.log(`S ${referee} ${ts}`);
    }
  } else if (mode === "referrals") {
    console.log("ready");
    const lines = createInterface({ input: process.stdin });
    await new Promise<void>((resolve) => lines.once("line", () => resolve()));
    lines.close();
    console.log("writing");
    for (let i = 0; i < Number(count); i++) await refer(T0 + i);
    await store.close();
  } else {
    throw new Error(`unknown mode ${mode}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import { SqliteStore } from "@/lib/store/sqlite";
import { describeStoreAdminContract } from "@/tests/store/admin-contract";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describeStoreAdminContract("sqlite", async () => {
  const dir = mkdtempSync(join(tmpdir(), "refboard-sqlite-admin-"));
  dirs.push(dir);
  return SqliteStore.open(dir);
});

import { DEFAULT_RETENTION_DAYS } from "@/lib/domain/analytics";
import { openSqliteStore } from "@/lib/store/sqlite";
import { describeOperatorStoreContract } from "@/tests/store/admin-contract";
import { tempDirs, writeFileAtVersion } from "@/tests/store/sqlite-files";

const tempDir = tempDirs("refboard-sqlite-admin-");

describeOperatorStoreContract("sqlite", async () => openSqliteStore(tempDir(), { retentionDays: DEFAULT_RETENTION_DAYS }));

describeOperatorStoreContract("sqlite, a file migrated from schema version 4", async () => {
  const dir = tempDir();
  writeFileAtVersion(dir, 4);
  return openSqliteStore(dir, { retentionDays: DEFAULT_RETENTION_DAYS });
});

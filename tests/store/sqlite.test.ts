import { DEFAULT_RETENTION_DAYS } from "@/lib/domain/analytics";
import { openSqliteStore } from "@/lib/store/sqlite";
import { describeBoardContract, type OpenBoardStore } from "@/tests/store/board-contract";
import { describeAnalyticsContract, type OpenStore } from "@/tests/store/analytics-contract";
import { describeCampaignContract } from "@/tests/store/campaign-contract";
import { describeStoreContract } from "@/tests/store/contract";
import { describeModerationContract } from "@/tests/store/moderation-contract";
import { describeNotificationsContract } from "@/tests/store/notifications-contract";
import { describeQualifyContract } from "@/tests/store/qualify-contract";
import { describeQuestsContract } from "@/tests/store/quests-contract";
import { describeCreditActionContract } from "@/tests/store/credit-action-contract";
import { describeTaskPointsContract } from "@/tests/store/task-points-contract";
import { describeRulebookContract } from "@/tests/store/rulebook-contract";
import { describeSignalsContract } from "@/tests/store/signals-contract";
import { describeWebhooksContract } from "@/tests/store/webhooks-contract";
import { tempDirs, writeFileAtVersion } from "@/tests/store/sqlite-files";

const tempDir = tempDirs("refboard-sqlite-");

describeStoreContract("sqlite", async () => openSqliteStore(tempDir(), { retentionDays: DEFAULT_RETENTION_DAYS }));

describeStoreContract("sqlite, a file migrated from schema version 4", async () => {
  const dir = tempDir();
  writeFileAtVersion(dir, 4);
  return openSqliteStore(dir, { retentionDays: DEFAULT_RETENTION_DAYS });
});

const openAnalytics: OpenStore = async (retentionDays) => openSqliteStore(tempDir(), { retentionDays });

describeAnalyticsContract("sqlite", openAnalytics);
describeCampaignContract("sqlite", openAnalytics);
describeModerationContract("sqlite", openAnalytics);
describeSignalsContract("sqlite", openAnalytics, async (suspicionWeights) =>
  openSqliteStore(tempDir(), { retentionDays: DEFAULT_RETENTION_DAYS, suspicionWeights }),
);
describeQualifyContract("sqlite", openAnalytics);
describeNotificationsContract("sqlite", openAnalytics);
const openBoard: OpenBoardStore = async (seasons) => openSqliteStore(tempDir(), { retentionDays: DEFAULT_RETENTION_DAYS, ...(seasons && { seasons }) });
describeBoardContract("sqlite", openBoard);
describeRulebookContract("sqlite", openBoard);
describeQuestsContract("sqlite", openBoard);
describeCreditActionContract("sqlite", openBoard);
describeTaskPointsContract("sqlite", openBoard);
describeWebhooksContract("sqlite", async () => openSqliteStore(tempDir(), { retentionDays: DEFAULT_RETENTION_DAYS }));

import { DEFAULT_RETENTION_DAYS } from "@/lib/domain/analytics";
import { randomUUID } from "node:crypto";
import { inject } from "vitest";
import { createTcpRedisStore } from "@/lib/store/redis/tcp";
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

const url = inject("redisUrl");

describeStoreContract("redis (tcp)", async () =>
  createTcpRedisStore({ url, prefix: `t${randomUUID().slice(0, 8)}`, timeoutMs: 5_000, retentionDays: DEFAULT_RETENTION_DAYS }),
);

const openAnalytics: OpenStore = async (retentionDays) =>
  createTcpRedisStore({ url, prefix: `t${randomUUID().slice(0, 8)}`, timeoutMs: 5_000, retentionDays });

describeAnalyticsContract("redis (tcp)", openAnalytics);
describeCampaignContract("redis (tcp)", openAnalytics);
describeModerationContract("redis (tcp)", openAnalytics);
describeSignalsContract("redis (tcp)", openAnalytics, async (suspicionWeights) =>
  createTcpRedisStore({ url, prefix: `t${randomUUID().slice(0, 8)}`, timeoutMs: 5_000, retentionDays: DEFAULT_RETENTION_DAYS, suspicionWeights }),
);
describeQualifyContract("redis (tcp)", openAnalytics);
describeNotificationsContract("redis (tcp)", openAnalytics);
const openBoard: OpenBoardStore = async (seasons) =>
  createTcpRedisStore({ url, prefix: `t${randomUUID().slice(0, 8)}`, timeoutMs: 5_000, retentionDays: DEFAULT_RETENTION_DAYS, ...(seasons && { seasons }) });
describeBoardContract("redis (tcp)", openBoard);
describeRulebookContract("redis (tcp)", openBoard);
describeQuestsContract("redis (tcp)", openBoard);
describeCreditActionContract("redis (tcp)", openBoard);
describeTaskPointsContract("redis (tcp)", openBoard);
describeWebhooksContract("redis (tcp)", () => openBoard(null));

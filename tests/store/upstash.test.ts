import { DEFAULT_RETENTION_DAYS } from "@/lib/domain/analytics";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, inject } from "vitest";
import { createUpstashStore } from "@/lib/store/redis/upstash";
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
import { startUpstashBridge, type UpstashBridge } from "@/tests/support/upstash-bridge";

const token = randomUUID();
let bridge: UpstashBridge;
beforeAll(async () => {
  bridge = await startUpstashBridge(inject("redisUrl"), token);
});
afterAll(() => bridge.stop());

describeStoreContract("upstash (REST, through the test bridge)", async () =>
  createUpstashStore({ url: bridge.url, token, prefix: `t${randomUUID().slice(0, 8)}`, timeoutMs: 5_000, retentionDays: DEFAULT_RETENTION_DAYS }),
);

const openAnalytics: OpenStore = async (retentionDays) =>
  createUpstashStore({ url: bridge.url, token, prefix: `t${randomUUID().slice(0, 8)}`, timeoutMs: 5_000, retentionDays });

describeAnalyticsContract("upstash (REST, through the test bridge)", openAnalytics);
describeCampaignContract("upstash (REST, through the test bridge)", openAnalytics, { volume: false });
describeModerationContract("upstash (REST, through the test bridge)", openAnalytics);
describeSignalsContract("upstash (REST, through the test bridge)", openAnalytics, async (suspicionWeights) =>
  createUpstashStore({ url: bridge.url, token, prefix: `t${randomUUID().slice(0, 8)}`, timeoutMs: 5_000, retentionDays: DEFAULT_RETENTION_DAYS, suspicionWeights }),
);
describeQualifyContract("upstash (REST, through the test bridge)", openAnalytics);
describeNotificationsContract("upstash (REST, through the test bridge)", openAnalytics);
const openBoard: OpenBoardStore = async (seasons) =>
  createUpstashStore({ url: bridge.url, token, prefix: `t${randomUUID().slice(0, 8)}`, timeoutMs: 5_000, retentionDays: DEFAULT_RETENTION_DAYS, ...(seasons && { seasons }) });
describeBoardContract("upstash (REST, through the test bridge)", openBoard);
describeRulebookContract("upstash (REST, through the test bridge)", openBoard);
describeQuestsContract("upstash (REST, through the test bridge)", openBoard);
describeCreditActionContract("upstash (REST, through the test bridge)", openBoard);
describeTaskPointsContract("upstash (REST, through the test bridge)", openBoard);
describeWebhooksContract("upstash (REST, through the test bridge)", () => openBoard(null));

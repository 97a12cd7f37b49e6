/**
 * The Store: every port a backend serves, each method atomic, each one round trip on Redis.
 * Services take only the ports they use (lib/store/ports/); the backends and getStore() deal
 * in the whole Store. Wallets passed in are lowercase; refCodes lowercase; the validating
 * wrapper of checked.ts refuses malformed operator, access and leaderboard-limit input before
 * a backend sees it.
 * Times are Unix seconds from the service's clock: stores never read a clock.
 * Every method throws on a backend failure; none turns an error into data.
 */
import type { AccessStore } from "@/lib/store/ports/access";
import type { AnalyticsStore } from "@/lib/store/ports/analytics";
import type { StoreBackend } from "@/lib/store/ports/backend";
import type { LeaderboardStore } from "@/lib/store/ports/leaderboard";
import type { ModerationStore } from "@/lib/store/ports/moderation";
import type { NotificationStore } from "@/lib/store/ports/notifications";
import type { OperatorStore } from "@/lib/store/ports/operator";
import type { PayoutStore } from "@/lib/store/ports/payouts";
import type { QuestStore } from "@/lib/store/ports/quests";
import type { ReferralStore } from "@/lib/store/ports/referrals";
import type { SignalsStore } from "@/lib/store/ports/signals";
import type { TaskStore } from "@/lib/store/ports/tasks";
import type { WalletStore } from "@/lib/store/ports/wallets";
import type { WebhookStore } from "@/lib/store/ports/webhooks";

export type Store = StoreBackend &
  WalletStore &
  ReferralStore &
  TaskStore &
  LeaderboardStore &
  AccessStore &
  AnalyticsStore &
  ModerationStore &
  SignalsStore &
  NotificationStore &
  OperatorStore &
  QuestStore &
  PayoutStore &
  WebhookStore;

export * from "@/lib/store/ports/access";
export * from "@/lib/store/ports/analytics";
export type * from "@/lib/store/ports/backend";
export * from "@/lib/store/ports/leaderboard";
export * from "@/lib/store/ports/moderation";
export * from "@/lib/store/ports/notifications";
export * from "@/lib/store/ports/operator";
export * from "@/lib/store/ports/payouts";
export * from "@/lib/store/ports/quests";
export type * from "@/lib/store/ports/referrals";
export * from "@/lib/store/ports/signals";
export type * from "@/lib/store/ports/tasks";
export type * from "@/lib/store/ports/wallets";
export type * from "@/lib/store/ports/webhooks";

/**
 * Every endpoint of the HTTP API by name: its method and path, and nothing else, so the browser's
 * client can import it without zod (lib/client/api.ts keeps the schemas off the first paint). The
 * route registry (lib/contract/routes.ts) adds each endpoint's schemas, access and documentation.
 * One export per endpoint, imported as a namespace (`import * as paths`): the browser's bundle
 * keeps only the endpoints it calls.
 */
export interface RoutePath {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  /** `{name}` stands for a path segment the handler reads (an OpenAPI path parameter). */
  path: string;
}

export const initUser = { method: "POST", path: "/api/user/init" } as const;
export const recordReferral = { method: "POST", path: "/api/referral/record" } as const;
export const visit = { method: "POST", path: "/api/referral/visit" } as const;
export const checkReferral = { method: "GET", path: "/api/referral/check" } as const;
export const referralLink = { method: "GET", path: "/api/referral/link" } as const;
export const walletByCode = { method: "GET", path: "/api/referral/wallet-by-code" } as const;
export const taskStatus = { method: "GET", path: "/api/steam/task-status" } as const;
export const completeTask = { method: "POST", path: "/api/steam/task/complete" } as const;
export const verifyTask = { method: "POST", path: "/api/steam/verify" } as const;
export const progress = { method: "GET", path: "/api/steam/progress" } as const;
export const leaderboard = { method: "GET", path: "/api/leaderboard" } as const;
export const leaderboardUser = { method: "GET", path: "/api/leaderboard/user" } as const;
export const leaderboardAround = { method: "GET", path: "/api/leaderboard/around" } as const;
export const leaderboardStream = { method: "GET", path: "/api/leaderboard/stream" } as const;
export const nonce = { method: "GET", path: "/api/auth/nonce" } as const;
export const signIn = { method: "POST", path: "/api/auth/verify" } as const;
export const session = { method: "GET", path: "/api/auth/session" } as const;
export const logout = { method: "POST", path: "/api/auth/logout" } as const;
export const health = { method: "GET", path: "/api/health" } as const;
export const rewardsExport = { method: "GET", path: "/api/admin/rewards" } as const;
export const adminStats = { method: "GET", path: "/api/admin/stats" } as const;
export const adminReferrers = { method: "GET", path: "/api/admin/referrers" } as const;
export const adminWallet = { method: "GET", path: "/api/admin/wallet" } as const;
export const disqualify = { method: "POST", path: "/api/admin/wallets/disqualify" } as const;
export const reinstate = { method: "POST", path: "/api/admin/wallets/reinstate" } as const;
export const adminAudit = { method: "GET", path: "/api/admin/audit" } as const;
export const banList = { method: "GET", path: "/api/admin/disqualified" } as const;
export const adminSignals = { method: "GET", path: "/api/admin/signals" } as const;
export const adminWalletSignals = { method: "GET", path: "/api/admin/signals/wallet" } as const;
export const farcasterWebhook = { method: "POST", path: "/api/farcaster/webhook" } as const;
export const linkFarcaster = { method: "POST", path: "/api/farcaster/link" } as const;
export const checkinReminders = { method: "GET", path: "/api/cron/checkin-reminders" } as const;
export const adminNotifications = { method: "GET", path: "/api/admin/notifications" } as const;
export const quests = { method: "GET", path: "/api/quests" } as const;
export const completeQuest = { method: "POST", path: "/api/quests/complete" } as const;
export const createQuest = { method: "POST", path: "/api/admin/quests" } as const;
export const adminQuests = { method: "GET", path: "/api/admin/quests" } as const;
export const patchQuest = { method: "PATCH", path: "/api/admin/quests/{id}" } as const;
export const exportQuests = { method: "GET", path: "/api/admin/quests/export" } as const;
export const importQuests = { method: "POST", path: "/api/admin/quests/import" } as const;
export const setTaskPoints = { method: "POST", path: "/api/admin/task-points" } as const;
export const createPayout = { method: "POST", path: "/api/admin/payouts" } as const;
export const payoutPlans = { method: "GET", path: "/api/admin/payouts" } as const;
export const payoutPlan = { method: "GET", path: "/api/admin/payouts/{id}" } as const;
export const recordDistributor = { method: "POST", path: "/api/admin/payouts/{id}/distributor" } as const;
export const claims = { method: "GET", path: "/api/claim" } as const;
export const createWebhook = { method: "POST", path: "/api/admin/webhooks" } as const;
export const webhooks = { method: "GET", path: "/api/admin/webhooks" } as const;
export const deleteWebhook = { method: "DELETE", path: "/api/admin/webhooks/{id}" } as const;
export const patchWebhook = { method: "PATCH", path: "/api/admin/webhooks/{id}" } as const;
export const testWebhook = { method: "POST", path: "/api/admin/webhooks/{id}/test" } as const;
export const webhookDeliveries = { method: "GET", path: "/api/admin/webhooks/{id}/deliveries" } as const;
export const webhooksCron = { method: "GET", path: "/api/cron/webhooks" } as const;
export const openApi = { method: "GET", path: "/api/openapi.json" } as const;

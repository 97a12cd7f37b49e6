/**
 * Every endpoint of the HTTP API by name: its method and path, and nothing else, so the browser's
 * client can import it without zod (lib/client/api.ts keeps the schemas off the first paint). The
 * route registry (lib/contract/routes.ts) adds each endpoint's schemas, access and documentation.
 */
export interface RoutePath {
  method: "GET" | "POST";
  path: string;
}

const get = (path: string) => ({ method: "GET", path }) as const;
const post = (path: string) => ({ method: "POST", path }) as const;

export const paths = {
  initUser: post("/api/user/init"),
  recordReferral: post("/api/referral/record"),
  visit: post("/api/referral/visit"),
  checkReferral: get("/api/referral/check"),
  referralLink: get("/api/referral/link"),
  walletByCode: get("/api/referral/wallet-by-code"),
  taskStatus: get("/api/steam/task-status"),
  completeTask: post("/api/steam/task/complete"),
  verifyTask: post("/api/steam/verify"),
  progress: get("/api/steam/progress"),
  leaderboard: get("/api/leaderboard"),
  leaderboardUser: get("/api/leaderboard/user"),
  leaderboardAround: get("/api/leaderboard/around"),
  leaderboardStream: get("/api/leaderboard/stream"),
  nonce: get("/api/auth/nonce"),
  signIn: post("/api/auth/verify"),
  session: get("/api/auth/session"),
  logout: post("/api/auth/logout"),
  health: get("/api/health"),
  rewardsExport: get("/api/admin/rewards"),
  adminStats: get("/api/admin/stats"),
  adminReferrers: get("/api/admin/referrers"),
  adminWallet: get("/api/admin/wallet"),
  disqualify: post("/api/admin/wallets/disqualify"),
  reinstate: post("/api/admin/wallets/reinstate"),
  adminAudit: get("/api/admin/audit"),
  banList: get("/api/admin/disqualified"),
  adminSignals: get("/api/admin/signals"),
  adminWalletSignals: get("/api/admin/signals/wallet"),
  farcasterWebhook: post("/api/farcaster/webhook"),
  linkFarcaster: post("/api/farcaster/link"),
  checkinReminders: get("/api/cron/checkin-reminders"),
  adminNotifications: get("/api/admin/notifications"),
  openApi: get("/api/openapi.json"),
} as const satisfies Record<string, RoutePath>;

export type RouteName = keyof typeof paths;

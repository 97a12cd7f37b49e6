/**
 * The route registry: every endpoint of the HTTP API declared once. Its method and path (from
 * lib/contract/paths.ts), the query and body schemas handle() validates, its access and rate
 * limits, and each status it answers with what it means. handle() (lib/http/handle.ts), the
 * OpenAPI document (lib/http/openapi.ts) and the bench's bare server read it; tests/unit/routes.test.ts
 * checks that it and app/api/ list the same endpoints.
 */
import * as api from "@/lib/contract/schemas";
import * as board from "@/lib/contract/board-schemas";
import { INTERNAL_ERROR } from "@/lib/contract/errors";
import * as paths from "@/lib/contract/paths";
import { rewardsExportQuery, rewardsJsonExportSchema } from "@/lib/contract/rewards-export-schemas";
import { ADMIN_ROUTES, adminAccess } from "@/lib/contract/routes-admin";
import { FARCASTER_ROUTES } from "@/lib/contract/routes-farcaster";
import { PAYOUT_ROUTES } from "@/lib/contract/routes-payouts";
import { QUEST_ROUTES } from "@/lib/contract/routes-quests";
import { WEBHOOK_ROUTES } from "@/lib/contract/routes-webhooks";
import { error, errorBody, internal, named, route, tooLarge, tooManyRequests, walletWrite, WALLET_WRITE, type ResponseDoc, type Route, type RouteName } from "@/lib/contract/route-spec";

const sessionCookie = { "set-cookie": { $ref: "#/components/headers/SessionCookie" } };

const boardTag = { etag: { $ref: "#/components/headers/ETag" } };
const notModified: ResponseDoc = { description: "Not modified: If-None-Match names the current ETag", headers: boardTag, empty: true };
const invalidSeason = error(
  "`Invalid season: ...`, `Seasons are not enabled`, `No season has started yet`, or `Season N has not started`",
);
const invalidInput = error("Malformed input: `Invalid wallet address`, `Invalid refCode`, `Invalid task id`, `Invalid JSON body`, ...");

/** In the order of the OpenAPI document's paths. */
export const routes = {
  initUser: route({
    ...paths.initUser,
    body: api.walletBody,
    ...WALLET_WRITE,
    doc: {
      tag: "Users",
      summary: "Register a wallet when it connects",
      description: "Makes the wallet known, so its refCode resolves. Idempotent; creates no leaderboard entry.",
      responses: {
        200: { description: "Registered (isNew tells whether this call did it)", json: named("InitUserResponse", api.initUserResponse) },
        400: invalidInput,
        413: tooLarge,
        ...walletWrite,
        500: internal,
      },
    },
  }),
  recordReferral: route({
    ...paths.recordReferral,
    body: api.recordReferralBody,
    ...WALLET_WRITE,
    doc: {
      tag: "Referrals",
      summary: "Bind a referee to a referrer, once",
      description:
        "On the first success both sides get +1 score (+20 rewards) and the referrer's count +1, atomically. " +
        "A wallet that already has a referrer gets 200 with alreadyRecorded and its EXISTING referrer, whatever code was sent.",
      responses: {
        200: { description: "Recorded, or already recorded", json: named("RecordReferralResponse", api.recordReferralResponse) },
        400: error("Malformed input, or `Cannot refer yourself`"),
        404: error("`RefCode not found`"),
        413: tooLarge,
        ...walletWrite,
        500: internal,
      },
    },
  }),
  visit: route({
    ...paths.visit,
    body: api.visitBody,
    rateLimit: { ip: "writes" },
    doc: {
      tag: "Referrals",
      summary: "Count one opening of a referral link",
      description:
        "Sent by the web app once a page opened with `?ref=` has loaded. Counts, on the UTC day, a visit of the code and " +
        "the visitor (`visitorId`, a random id the browser keeps) for the console's analytics. A code nobody owns, and a " +
        "client whose User-Agent is a bot's, answer 200 with `counted: false`. Needs no wallet; counts against RATE_LIMIT_WRITES_PER_IP.",
      responses: {
        200: { description: "Counted, or not (unknown code, bot)", json: named("VisitResponse", api.visitResponse) },
        400: error("Malformed input: `Invalid refCode`, `Invalid visitorId`, `Invalid JSON body`"),
        413: tooLarge,
        429: tooManyRequests,
        500: internal,
      },
    },
  }),
  checkReferral: route({
    ...paths.checkReferral,
    query: api.walletQuery,
    doc: {
      tag: "Referrals",
      summary: "Whether a wallet already has a referrer",
      responses: { 200: { description: "Read-only answer", json: named("CheckReferralResponse", api.checkReferralResponse) }, 400: invalidInput, 500: internal },
    },
  }),
  referralLink: route({
    ...paths.referralLink,
    query: api.userQuery,
    headerFallback: { user: "x-user-wallet" },
    doc: {
      tag: "Referrals",
      summary: "A wallet's own referral link, its referrer and its referral count",
      description: "The wallet comes from `user`, else from header `x-user-wallet`; the query wins. Makes the wallet known.",
      responses: { 200: { description: "Link and statistics", json: named("ReferralLinkResponse", api.referralLinkResponse) }, 400: invalidInput, 500: internal },
    },
  }),
  walletByCode: route({
    ...paths.walletByCode,
    query: api.codeQuery,
    rateLimit: { ip: "codeLookups" },
    doc: {
      tag: "Referrals",
      summary: "Which wallet a refCode belongs to",
      responses: {
        200: { description: "The owner of the code", json: named("WalletByCodeResponse", api.walletByCodeResponse) },
        400: invalidInput,
        404: error("`RefCode not found`"),
        429: tooManyRequests,
        500: internal,
      },
    },
  }),
  taskStatus: route({
    ...paths.taskStatus,
    query: api.walletQuery,
    doc: {
      tag: "Tasks",
      summary: "Task flags and the check-in cooldown of a wallet",
      description: "`tasks.daily_checkin` true means on cooldown; `fishingCooldown` is the whole seconds left (0 = ready).",
      responses: { 200: { description: "Flags and cooldown", json: named("TaskStatusResponse", api.taskStatusResponse) }, 400: invalidInput, 500: internal },
    },
  }),
  completeTask: route({
    ...paths.completeTask,
    body: api.completeTaskBody,
    ...WALLET_WRITE,
    doc: {
      tag: "Tasks",
      summary: "Daily check-in (24 h server-side cooldown) or a social task",
      description: "A repeated social task returns success with its ORIGINAL timestamp. Client timestamps are never used.",
      responses: {
        200: {
          description:
            "Completed; or, for a Farcaster task whose target is set (FARCASTER_FOLLOW_FID, FARCASTER_CAST_HASH), not verified through Neynar: success false, verified false, reason",
          json: named("CompleteTaskResponse", api.completeTaskResponse),
        },
        400: {
          description: "`Task on cooldown` with cooldownRemaining (seconds), or malformed input (`Invalid task id`, ...)",
          json: { oneOf: [named("CooldownError", api.cooldownErrorSchema), errorBody] },
        },
        413: tooLarge,
        ...walletWrite,
        500: internal,
        503: error("`Could not check Farcaster through Neynar, please retry`: only for a Farcaster task whose target is set; nothing stored"),
      },
    },
  }),
  verifyTask: route({
    ...paths.verifyTask,
    body: api.verifyTaskBody,
    ...WALLET_WRITE,
    doc: {
      tag: "Tasks",
      summary: "On-chain verification of nft_mint",
      description: "NFT balance > 0, else a non-empty stake list, on the configured chain. Not verified is a 200 with a reason.",
      responses: {
        200: { description: "Verified, or not with a reason", json: named("VerifyTaskResponse", api.verifyTaskResponse) },
        400: invalidInput,
        413: tooLarge,
        ...walletWrite,
        500: error(`RPC or store failure: \`${INTERNAL_ERROR}\``),
      },
    },
  }),
  progress: route({
    ...paths.progress,
    query: api.walletQuery,
    doc: {
      tag: "Tasks",
      summary: "All 11 task flags and the referral count, after an automatic nft_mint check",
      description: "An RPC failure does not fail this endpoint: it answers with the stored state.",
      responses: { 200: { description: "Progress", json: named("ProgressResponse", api.progressResponse) }, 400: invalidInput, 500: internal },
    },
  }),
  leaderboard: route({
    ...paths.leaderboard,
    query: board.boardQuery,
    doc: {
      tag: "Leaderboard",
      summary: "The top wallets, highest score first",
      description:
        "LEADERBOARD_SIZE entries (100 by default). Ties: who reached the score first, then wallet ascending. rewards = score x 20. " +
        "With seasons on (SEASON_LENGTH_DAYS, SEASON_START), `season` reads a season's board: its points and the referrals credited in it. " +
        "Answers carry an ETag of the board version; a matching If-None-Match gets 304.",
      responses: {
        200: { description: "Ranked list (empty array when no users exist)", json: named("LeaderboardResponse", api.leaderboardResponse), headers: boardTag },
        304: notModified,
        400: invalidSeason,
        500: internal,
      },
    },
  }),
  leaderboardUser: route({
    ...paths.leaderboardUser,
    query: board.boardUserQuery,
    doc: {
      tag: "Leaderboard",
      summary: "One wallet's rank",
      description:
        "A missing entry is created with score 0 first; the rank is its real position in the list order. With `season`, read-only: " +
        "rank 0 when the wallet has no entry on that season's board.",
      responses: {
        200: { description: "The wallet's entry", json: named("LeaderboardEntry", api.leaderboardEntrySchema), headers: boardTag },
        304: notModified,
        400: invalidInput,
        500: internal,
      },
    },
  }),
  leaderboardAround: route({
    ...paths.leaderboardAround,
    query: board.aroundQuery,
    doc: {
      tag: "Leaderboard",
      summary: "The entries around a wallet's rank",
      description: "From `radius` ranks above the wallet to `radius` below (1 to 25, default 5), clipped to the board; an empty array when the wallet is not ranked.",
      responses: {
        200: { description: "The neighbourhood, in order", json: named("AroundResponse", board.aroundResponse), headers: boardTag },
        304: notModified,
        400: invalidInput,
        500: internal,
      },
    },
  }),
  leaderboardStream: route({
    ...paths.leaderboardStream,
    doc: {
      tag: "Leaderboard",
      summary: "The top list, pushed when it changes (Server-Sent Events)",
      description:
        "On connect the current top list (the entries of GET /api/leaderboard), then a new one after every change, each event's id the " +
        "board version (it only grows); a heartbeat comment every 15 s. The stream ends after LEADERBOARD_STREAM_SECONDS (and on " +
        "shutdown); EventSource reconnects by itself and gets the current list at once.",
      responses: {
        200: {
          description: "`text/event-stream`: `id: <version>` and `data: <JSON array of entries>` per event",
          content: { "text/event-stream": { schema: { type: "string" } } },
        },
      },
    },
  }),
  nonce: route({
    ...paths.nonce,
    rateLimit: { ip: "writes" },
    doc: {
      tag: "Sign-in",
      summary: "A single-use nonce for a Sign-In with Ethereum (EIP-4361) message",
      description: "Expires after NONCE_TTL_SECONDS. Only with WALLET_AUTH=siwe (404 otherwise).",
      responses: {
        200: { description: "A fresh nonce", json: named("NonceResponse", api.nonceResponse) },
        404: error("`Wallet sign-in is not enabled`: WALLET_AUTH is off"),
        429: tooManyRequests,
        500: internal,
      },
    },
  }),
  signIn: route({
    ...paths.signIn,
    body: api.signInBody,
    rateLimit: { ip: "writes" },
    doc: {
      tag: "Sign-in",
      summary: "Sign in: check a signed EIP-4361 message and start the wallet's session",
      description:
        "The message's domain must be the host of the request's public origin and its URI that origin; its nonce one from " +
        "/api/auth/nonce, unused and unexpired; its chain id CHAIN_ID when configured; expirationTime and notBefore hold. " +
        "EOA signatures are checked offline, smart-contract wallets (ERC-1271, ERC-6492) through RPC_URL. " +
        "Sets an httpOnly, SameSite=Lax session cookie (Secure outside localhost).",
      responses: {
        200: { description: "Signed in", json: named("SignInResponse", api.signInResponse), headers: sessionCookie },
        400: error("Malformed input: `Invalid message`, `Invalid signature`, `Invalid JSON body`"),
        401: error("Sign-in refused: bad signature, unknown/used/expired nonce, wrong domain, URI or chain, expired or not yet valid message"),
        404: error("`Wallet sign-in is not enabled`: WALLET_AUTH is off"),
        413: tooLarge,
        429: tooManyRequests,
        500: internal,
      },
    },
  }),
  session: route({
    ...paths.session,
    doc: {
      tag: "Sign-in",
      summary: "The signed-in wallet, and whether writes need a session",
      description: "`authRequired` is true with WALLET_AUTH=siwe; `chainId` is the chain id sign-in messages must carry (null = any).",
      responses: { 200: { description: "The session, or address null", json: named("SessionResponse", api.sessionResponse) } },
    },
  }),
  logout: route({
    ...paths.logout,
    doc: {
      tag: "Sign-in",
      summary: "End the session (clears its cookie)",
      responses: { 200: { description: "Signed out", json: named("LogoutResponse", api.logoutResponse), headers: sessionCookie } },
    },
  }),
  health: route({
    ...paths.health,
    doc: {
      tag: "Operations",
      summary: "Store and RPC reachability with latency",
      responses: {
        200: { description: "Everything reachable", json: named("HealthResponse", api.healthResponse) },
        503: { description: "The store or the RPC is unreachable", json: named("HealthResponse", api.healthResponse) },
      },
    },
  }),
  rewardsExport: route({
    ...paths.rewardsExport,
    query: rewardsExportQuery,
    auth: "admin",
    doc: {
      tag: "Operations",
      summary: "Rewards export for token distribution (streamed)",
      description:
        "Every leaderboard entry with score >= minScore in rank order. The last line is a trailer with the row count and " +
        "the sha256 of every byte above it (docs/operators.md); a body without it is incomplete. Needs `Authorization: Bearer <ADMIN_TOKEN>` " +
        "or an admin's session (ADMIN_WALLETS); the endpoint does not exist (404) while neither is configured.",
      responses: {
        200: {
          description: "The export, streamed",
          content: {
            "text/csv": { schema: { type: "string", description: "rank,wallet,score,rewards,referrals_count rows, then `# count=N sha256=HEX`" } },
            "application/json": { schema: named("RewardsExport", rewardsJsonExportSchema) },
          },
        },
        400: error("`Invalid format: csv or json` or `Invalid minScore: ...`"),
        ...adminAccess,
        500: internal,
      },
    },
  }),
  ...ADMIN_ROUTES,
  ...FARCASTER_ROUTES,
  ...QUEST_ROUTES,
  ...PAYOUT_ROUTES,
  ...WEBHOOK_ROUTES,
  openApi: route({
    ...paths.openApi,
    doc: {
      tag: "Operations",
      summary: "This document",
      responses: { 200: { description: "OpenAPI 3.1 document", json: { type: "object" } } },
    },
  }),
} satisfies Record<RouteName, Route>;

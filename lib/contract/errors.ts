/** The one error type route handlers and services throw, and the one map from it to a response. */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Extra fields of the error body, where the API adds them (cooldownRemaining of a check-in on cooldown). */
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export const INTERNAL_ERROR = "Internal error, please retry later";

export const errors = {
  invalidJson: () => new ApiError(400, "Invalid JSON body"),
  bodyTooLarge: (limit: number) => new ApiError(413, `Request body too large (limit ${limit} bytes)`),
  invalidWallet: () => new ApiError(400, "Invalid wallet address"),
  invalidRefCode: () => new ApiError(400, "Invalid refCode"),
  invalidTaskId: () => new ApiError(400, "Invalid task id"),
  selfReferral: () => new ApiError(400, "Cannot refer yourself"),
  refCodeNotFound: () => new ApiError(404, "RefCode not found"),
  onCooldown: (cooldownRemaining: number) => new ApiError(400, "Task on cooldown", { cooldownRemaining }),
  signInRequired: () => new ApiError(401, "Sign-in required"),
  walletMismatch: () => new ApiError(403, "Wallet does not match the signed-in wallet"),
  signInOff: () => new ApiError(404, "Wallet sign-in is not enabled"),
  seasonsOff: () => new ApiError(400, "Seasons are not enabled"),
  seasonNotStarted: (season: number) => new ApiError(400, `Season ${season} has not started`),
  noSeasonYet: () => new ApiError(400, "No season has started yet"),
  notificationsOff: () => new ApiError(404, "Farcaster notifications are not enabled"),
  cronOff: () => new ApiError(404, "Scheduled jobs are not enabled"),
  cronUnauthorized: () => new ApiError(401, "Invalid or missing cron secret"),
  malformedEvent: () => new ApiError(400, "Malformed event: expected a JSON Farcaster Signature { header, payload, signature }"),
  badEventSignature: () => new ApiError(401, "Invalid event signature"),
  unknownEvent: () => new ApiError(400, "Unknown or malformed event payload"),
  invalidNotificationDetails: () => new ApiError(400, "Invalid notification details: url must be an http(s) URL and token printable text"),
  appKeyNotSigner: () => new ApiError(401, "The event's app key is not a signer of its fid"),
  appKeyCheckFailed: () => new ApiError(503, "Could not check the event's app key, please retry"),
  quickAuthRequired: () => new ApiError(401, "Quick Auth token required: Authorization: Bearer <token>"),
  quickAuthInvalid: () => new ApiError(401, "Invalid Quick Auth token"),
  quickAuthUnavailable: () => new ApiError(503, "Could not check the Quick Auth token, please retry"),
  neynarUnavailable: () => new ApiError(503, "Could not check Farcaster through Neynar, please retry"),
  tooManyRequests: (retryAfter: number) =>
    new ApiError(429, "Too many requests", {}, { "retry-after": String(Math.max(1, Math.ceil(retryAfter))) }),
};

/** Turns anything thrown into the response the client sees; only ApiError texts ever reach a body. */
export function errorResponse(error: unknown, context: string): Response {
  if (error instanceof ApiError) {
    return Response.json({ error: error.message, ...error.extra }, { status: error.status, headers: error.headers });
  }
  console.error(`[refboard] ${context} failed:`, error);
  return Response.json({ error: INTERNAL_ERROR }, { status: 500 });
}

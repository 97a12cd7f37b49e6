/**
 * Who may use the campaign console and /api/admin/*: a script with `Authorization: Bearer
 * <ADMIN_TOKEN>`, or a wallet of ADMIN_WALLETS signed in with Sign-In with Ethereum. With
 * neither configured the console does not exist (404), so a default deployment shows nothing.
 */
import "server-only";
import { bearerMatches } from "@/lib/auth/bearer";
import type { AuthDeps } from "@/lib/auth/deps";
import { ApiError } from "@/lib/contract/errors";
import { readSessionCookie } from "@/lib/auth/session";
import { config } from "@/lib/config";

/** Who acted, as the request log names it: the admin's wallet, or "token" for the bearer token. */
export type Admin = `0x${string}` | "token";

export const adminErrors = {
  notFound: () => new ApiError(404, "Not found"),
  unauthorized: () => new ApiError(401, "Unauthorized", {}, { "www-authenticate": 'Bearer realm="refboard-admin"' }),
  notAdmin: () => new ApiError(403, "This wallet is not an admin"),
};

/** Whether any admin access is configured: without it every console page and endpoint is a 404. */
export function adminEnabled(): boolean {
  const { adminToken, adminWallets } = config();
  return Boolean(adminToken) || adminWallets.length > 0;
}

/**
 * The admin behind a request, else the ApiError to answer: 404 with no admin access configured,
 * 401 without a valid bearer token or session, 403 for a signed-in wallet that is not an admin.
 * A bearer header is judged alone: a wrong token is a 401 even with an admin's session cookie.
 */
export async function requireAdmin(headers: Pick<Headers, "get">, origin: string, deps: AuthDeps): Promise<Admin> {
  if (!adminEnabled()) throw adminErrors.notFound();
  const authorization = headers.get("authorization");
  if (authorization !== null) {
    if (tokenMatches(authorization)) return "token";
    throw adminErrors.unauthorized();
  }
  return adminWallet(headers.get("cookie"), origin, deps);
}

/** The signed-in admin wallet of a Cookie header; 401 without a session, 403 for another wallet. */
export async function adminWallet(cookieHeader: string | null, origin: string, deps: AuthDeps): Promise<`0x${string}`> {
  const { signIn, adminWallets } = config();
  if (!signIn) throw adminErrors.unauthorized();
  const session = await readSessionCookie(cookieHeader, origin, signIn.session, (await deps()).clock());
  if (!session) throw adminErrors.unauthorized();
  if (!adminWallets.includes(session.address)) throw adminErrors.notAdmin();
  return session.address;
}

function tokenMatches(authorization: string): boolean {
  return bearerMatches(authorization, config().adminToken);
}

/**
 * The log line of a console page view, beside the API's request lines: every admin action is on
 * record with who acted. The looked-up wallet is not named (LOG_WALLETS governs wallets in logs).
 */
export function logConsoleView(admin: Admin, view: { period: string; lookup: boolean }): void {
  console.log(JSON.stringify({ level: "info", msg: "admin console", time: new Date().toISOString(), admin, ...view }));
}

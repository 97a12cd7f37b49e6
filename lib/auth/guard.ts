/**
 * What handle() runs before a route's own work, as the route's registry entry declares: the wallet session check
 * of WALLET_AUTH=siwe and the configured rate limits. Both are no-ops while off, so with nothing
 * configured a request costs exactly what it did before.
 */
import "server-only";
import { errors } from "@/lib/contract/errors";
import type { RateLimitSpec } from "@/lib/contract/route-spec";
import { clientIp } from "@/lib/auth/client-ip";
import type { AuthDeps } from "@/lib/auth/deps";
import { readSession } from "@/lib/auth/session";
import { config, type RateLimitRule } from "@/lib/config";
import type { RateLimitHit } from "@/lib/store/types";

/** With WALLET_AUTH=siwe: 401 without a valid session, 403 when the session is another wallet's. */
export async function requireWalletSession(request: Request, origin: string, wallet: string, deps: AuthDeps): Promise<void> {
  const auth = config().auth;
  if (auth.mode === "off") return;
  const session = await readSession(request, origin, auth.session, (await deps()).clock());
  if (!session) throw errors.signInRequired();
  if (session.address !== wallet) throw errors.walletMismatch();
}

/** Counts the request against each configured rule the spec names; 429 with Retry-After past a limit. */
export async function enforceRateLimits(request: Request, spec: RateLimitSpec, wallet: unknown, deps: AuthDeps): Promise<void> {
  const { rateLimits, trustProxy } = config();
  const hits: RateLimitHit[] = [];
  const add = (name: string, rule: RateLimitRule | undefined, subject: () => string) => {
    if (rule) hits.push({ key: `${name}:${subject()}`, limit: rule.limit, windowSeconds: rule.windowSeconds });
  };
  const ip = () => `ip:${clientIp(request.headers, trustProxy) ?? unknownIp()}`;
  if (spec.ip === "writes") add("writes", rateLimits.writesPerIp, ip);
  if (spec.ip === "codeLookups") add("codes", rateLimits.codeLookupsPerIp, ip);
  if (spec.wallet === "writes" && typeof wallet === "string") add("writes", rateLimits.writesPerWallet, () => `wallet:${wallet}`);
  if (hits.length === 0) return;
  const { store, clock } = await deps();
  const verdict = await store.hitRateLimits(hits, clock());
  if (!verdict.allowed) throw errors.tooManyRequests(verdict.retryAfter);
}

let warned = false;

/** Requests whose trusted header holds no IP share one counter; said once, since it means a proxy setting is off. */
function unknownIp(): string {
  if (!warned) {
    warned = true;
    console.warn("[refboard] rate limits: a request carried no client IP in the header TRUST_PROXY trusts; such requests share one counter");
  }
  return "unknown";
}

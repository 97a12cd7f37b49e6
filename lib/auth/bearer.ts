/** Bearer secrets (ADMIN_TOKEN, CRON_SECRET), compared in constant time: digests make the lengths equal. */
import { createHash, timingSafeEqual } from "node:crypto";

export function bearerMatches(authorization: string | null, secret: string | undefined): boolean {
  const token = bearerToken(authorization);
  if (!secret || !token) return false;
  const digest = (v: string) => createHash("sha256").update(v).digest();
  return timingSafeEqual(digest(token), digest(secret));
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(authorization: string | null): string | null {
  return /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1] ?? null;
}

/** Bearer secrets (ADMIN_TOKEN, CRON_SECRET), compared in constant time: digests make the lengths equal. */
import { createHash, timingSafeEqual } from "node:crypto";

export function bearerMatches(authorization: string | null, secret: string | undefined): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
  if (!secret || !match?.[1]) return false;
  const digest = (v: string) => createHash("sha256").update(v).digest();
  return timingSafeEqual(digest(match[1]), digest(secret));
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(authorization: string | null): string | null {
  return /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1] ?? null;
}

/** Scheduled jobs (Vercel Cron): they send `Authorization: Bearer <CRON_SECRET>`; without a secret the jobs do not exist. */
import "server-only";
import { errors } from "@/lib/contract/errors";
import { bearerMatches } from "@/lib/auth/bearer";
import { config } from "@/lib/config";

export function requireCron(headers: Headers): void {
  const secret = config().notifications?.cronSecret;
  if (!secret) throw errors.cronOff();
  if (!bearerMatches(headers.get("authorization"), secret)) throw errors.cronUnauthorized();
}

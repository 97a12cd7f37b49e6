/** Scheduled jobs (Vercel Cron): they send `Authorization: Bearer <CRON_SECRET>`; without a secret the jobs do not exist. */
import "server-only";
import { errors } from "@/lib/contract/errors";
import { bearerMatches } from "@/lib/auth/bearer";
import { config } from "@/lib/config";

/** `secret` defaults to the reminders' (CRON_SECRET with NEYNAR_API_KEY); a job that needs no Neynar passes CRON_SECRET itself. */
export function requireCron(headers: Headers, secret = config().notifications?.cronSecret): void {
  if (!secret) throw errors.cronOff();
  if (!bearerMatches(headers.get("authorization"), secret)) throw errors.cronUnauthorized();
}

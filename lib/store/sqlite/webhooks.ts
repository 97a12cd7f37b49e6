/** Webhook endpoints and the outbox's deliveries on SQLite: being built (issue #30), every method refuses until then. */
import "server-only";
import type { Db } from "@/lib/store/sqlite/db";
import type { WebhookStore } from "@/lib/store/ports/webhooks";
import { unbuiltWebhooks } from "@/lib/store/webhooks-unbuilt";

export function sqliteWebhooks(_db: Db): WebhookStore {
  return unbuiltWebhooks("SQLite");
}

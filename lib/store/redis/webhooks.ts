/** Webhook endpoints and the outbox's deliveries on Redis: being built (issue #30), every method refuses until then. */
import "server-only";
import type { RedisContext } from "@/lib/store/redis/context";
import type { WebhookStore } from "@/lib/store/ports/webhooks";
import { unbuiltWebhooks } from "@/lib/store/webhooks-unbuilt";

export function webhookOperations(_context: RedisContext): WebhookStore {
  return unbuiltWebhooks("Redis");
}

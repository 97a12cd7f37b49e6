/** The scaffold both backends start from while their webhook modules are built (issue #30); removed when they land. */
import type { WebhookStore } from "@/lib/store/ports/webhooks";

export function unbuiltWebhooks(backend: string): WebhookStore {
  const refuse = async (): Promise<never> => {
    throw new Error(`Webhooks are not built on ${backend} yet`);
  };
  return {
    createWebhookEndpoint: refuse,
    listWebhookEndpoints: refuse,
    deleteWebhookEndpoint: refuse,
    setWebhookEndpointEnabled: refuse,
    queueWebhookTest: refuse,
    takeDueDeliveries: refuse,
    recordWebhookAttempt: refuse,
    listWebhookDeliveries: refuse,
    hasWebhookEndpoints: async () => false,
    countWebhookEvents: refuse,
  };
}

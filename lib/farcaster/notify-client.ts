/**
 * The outbound half of Farcaster notifications: one POST of a notification to a client's
 * notification url, as the Mini App protocol specifies it. Behind this small interface so that
 * tests point it at a local server and the sender never knows the difference.
 */
import "server-only";
import { sendNotificationResponseSchema } from "@farcaster/miniapp-node";
import type { NotificationMessage } from "@/lib/domain/notifications";

/** What the client answered about each token of one request. */
export interface NotificationReply {
  successfulTokens: string[];
  invalidTokens: string[];
  rateLimitedTokens: string[];
}

export interface NotificationClient {
  /** Sends `message` to `tokens` (at most TOKENS_PER_REQUEST) at `url`. Throws when the request fails or the answer is not the protocol's. */
  send(url: string, message: NotificationMessage, tokens: string[]): Promise<NotificationReply>;
}

export function createNotificationClient(timeoutMs: number): NotificationClient {
  return {
    async send(url, message, tokens) {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ...message, tokens }),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: "error",
      });
      if (response.status !== 200) throw new Error(`notification url answered ${response.status}`);
      const parsed = sendNotificationResponseSchema.safeParse(await response.json());
      if (!parsed.success) throw new Error("notification url answered outside the protocol");
      return parsed.data.result;
    },
  };
}

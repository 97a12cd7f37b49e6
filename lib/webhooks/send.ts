/**
 * One delivery attempt (issue #30): the body as written with its fact, signed as the Standard
 * Webhooks specification says, POSTed once. Never throws: whatever happened is the attempt's
 * outcome for the store (lib/services/webhooks.ts records it).
 *
 * node:http(s) rather than fetch: its `lookup` hook lets the safe-target check run on the very
 * addresses the socket connects to (no DNS rebinding between check and connect), and it never
 * follows a redirect (a 3xx is a failed attempt with its status).
 */
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupAddress, LookupOptions } from "node:dns";
import { isIP } from "node:net";
import { Webhook } from "standardwebhooks";
import { DELIVERY_TIMEOUT_MS, KEPT_RESPONSE_BYTES } from "@/lib/domain/webhooks";
import { BlockedTarget, hostOf, resolveHost, safeAddresses, type Resolve } from "@/lib/webhooks/safe-target";

export interface Outgoing {
  url: string;
  /** "whsec_" + base64, the endpoint's signing secret. */
  secret: string;
  /** The `webhook-id`, the same on every attempt. */
  eventId: string;
  /** The exact JSON text that is sent and signed. */
  body: string;
}

export interface SendOptions {
  /** The attempt's time, Unix seconds: the `webhook-timestamp`. */
  now: number;
  allowPrivate: boolean;
  timeoutMs?: number;
  resolve?: Resolve;
}

export interface SendResult {
  /** A 2xx answer. */
  ok: boolean;
  /** null when no answer came (timeout, refused, blocked). */
  status: number | null;
  /** Why no answer came ("timeout", "connection refused", "blocked address", ...); null when one did. */
  error: string | null;
  /** The answer's first KEPT_RESPONSE_BYTES bytes as text; null without an answer. */
  response: string | null;
}

/** The three Standard Webhooks headers of an attempt at `now` (Unix seconds). */
export function signedHeaders(out: Pick<Outgoing, "secret" | "eventId" | "body">, now: number): Record<string, string> {
  return {
    "webhook-id": out.eventId,
    "webhook-timestamp": String(now),
    "webhook-signature": new Webhook(out.secret).sign(out.eventId, new Date(now * 1000), out.body),
  };
}

export async function sendWebhook(out: Outgoing, options: SendOptions): Promise<SendResult> {
  const url = new URL(out.url);
  const resolve = options.resolve ?? resolveHost;
  const body = Buffer.from(out.body, "utf8");
  const signal = AbortSignal.timeout(options.timeoutMs ?? DELIVERY_TIMEOUT_MS);
  try {
    // A literal address never reaches `lookup`: it is checked here.
    if (isIP(hostOf(url)) !== 0) await safeAddresses(hostOf(url), options.allowPrivate, resolve);
    const answer = await new Promise<IncomingMessage>((done, fail) => {
      const send = url.protocol === "https:" ? httpsRequest : httpRequest;
      const req = send(url, {
        method: "POST",
        signal,
        headers: {
          "content-type": "application/json",
          "content-length": body.length,
          "user-agent": "refboard-webhooks",
          ...signedHeaders(out, options.now),
        },
        lookup: (host: string, opts: LookupOptions, callback: LookupCallback) => {
          safeAddresses(host, options.allowPrivate, resolve).then(
            (addresses) => {
              if (opts.all) callback(null, addresses as LookupAddress[]);
              else callback(null, addresses[0]!.address, addresses[0]!.family);
            },
            (error: unknown) => callback(error as Error, "", 4),
          );
        },
      });
      req.once("response", done);
      req.once("error", fail);
      req.end(body);
    });
    const response = await keptText(answer, signal);
    const status = answer.statusCode ?? 0;
    return { ok: status >= 200 && status < 300, status, error: null, response };
  } catch (error) {
    return { ok: false, status: null, error: reasonOf(error, signal), response: null };
  }
}

type LookupCallback = (error: Error | null, address: string | LookupAddress[], family?: number) => void;

/** Reads at most KEPT_RESPONSE_BYTES of the answer, then drops the connection rather than read a large body. */
async function keptText(answer: IncomingMessage, signal: AbortSignal): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of answer) {
      chunks.push(chunk as Buffer);
      size += (chunk as Buffer).length;
      if (size >= KEPT_RESPONSE_BYTES || signal.aborted) break;
    }
  } catch {
    // The answer's status came; a body cut short keeps what arrived.
  } finally {
    answer.destroy();
  }
  // stream: true leaves out a character the cut split, so the text stays within the bytes kept.
  return new TextDecoder("utf-8", { fatal: false }).decode(Buffer.concat(chunks).subarray(0, KEPT_RESPONSE_BYTES), { stream: true });
}

function reasonOf(error: unknown, signal: AbortSignal): string {
  if (signal.aborted) return "timeout";
  if (error instanceof BlockedTarget) return "blocked address";
  const code = (error as { code?: unknown }).code;
  switch (code) {
    case "ECONNREFUSED":
      return "connection refused";
    case "ECONNRESET":
    case "EPIPE":
      return "connection reset";
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return "host not found";
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return "host unreachable";
    default:
      if (typeof code === "string" && /CERT|TLS|SSL/.test(code)) return `tls error (${code})`;
      return error instanceof Error ? error.message.slice(0, 200) : "request failed";
  }
}

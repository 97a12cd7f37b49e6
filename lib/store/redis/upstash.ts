/**
 * RedisCommandClient over the Upstash REST API (also Vercel KV), and the store on it.
 * Replies stay raw (automaticDeserialization off: the store parses every value itself);
 * each request ends at `timeoutMs` and is never retried, because a retried script could
 * run twice (a check-in answered as "on cooldown" by its own first attempt).
 *
 * @upstash/redis builds the commands; the HTTP exchange is ours (its documented Requester),
 * over node:http with a keep-alive agent. Its own HttpClient calls the global fetch, which
 * inside `next start` is Next's patched fetch over undici: a profile of GET /api/health
 * (one PING) put about a third of the server's CPU in undici's fetch machinery (WHATWG
 * streams, Request/Response, an AbortSignal per request), more than the route itself. See
 * docs/benchmarks.md, "Where Upstash REST's CPU goes", and scripts/bench/profile.ts.
 */
import "server-only";
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { errors, Redis, type Requester, type UpstashRequest, type UpstashResponse } from "@upstash/redis";
import type { SeasonSchedule } from "@/lib/domain/seasons";
import type { SuspicionWeights } from "@/lib/domain/signals";
import { countingClient, parseScanReply, type RedisCommandClient, type RoundTripCommand } from "@/lib/store/redis/client";
import { createRedisStore } from "@/lib/store/redis";
import type { Store } from "@/lib/store/types";

export interface UpstashClientConfig {
  url: string;
  token: string;
  timeoutMs: number;
}

/** What an aborted fetch rejects with, kept so that a timeout reads the same whichever transport ran. */
const timeoutError = () => new DOMException("The operation was aborted due to timeout", "TimeoutError");

/** Idle sockets are closed after this, as undici's fetch did by default, before the server drops them. */
const IDLE_SOCKET_MS = 4_000;

interface RestRequester extends Requester {
  /** Closes the idle connections, so a closed store holds no socket open. */
  close(): void;
}

/**
 * One POST per command, its JSON answer as is: no base64 response encoding (the store's values
 * are text), no retry, and a deadline over the whole exchange, body included. Read-your-writes
 * is kept: the sync token each answer carries goes with the next request, as the client's own
 * HttpClient does.
 */
function restRequester(cfg: UpstashClientConfig): RestRequester {
  const base = new URL(cfg.url);
  const secure = base.protocol === "https:";
  const agent = secure ? new HttpsAgent({ keepAlive: true, timeout: IDLE_SOCKET_MS }) : new HttpAgent({ keepAlive: true, timeout: IDLE_SOCKET_MS });
  const send = secure ? httpsRequest : httpRequest;
  const hostname = base.hostname.replace(/^\[(.*)\]$/, "$1"); // an IPv6 literal, without its brackets
  const basePath = base.pathname.replace(/\/$/, "");
  const authorization = `Bearer ${cfg.token}`;
  let syncToken = "";

  const exchange = (req: UpstashRequest) =>
    new Promise<{ status: number; text: string; syncToken: string | undefined }>((resolve, reject) => {
      const body = JSON.stringify(req.body);
      const headers: Record<string, string | number> = {
        authorization,
        "content-type": "application/json",
        "content-length": Buffer.byteLength(body),
      };
      if (syncToken) headers["upstash-sync-token"] = syncToken;
      const path = [basePath, ...(req.path ?? [])].join("/") || "/";
      const outgoing = send({ protocol: base.protocol, hostname, port: base.port, path, method: "POST", headers, agent });
      let settled = false;
      const settle = (done: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        done();
      };
      const timer = setTimeout(() => {
        settle(() => reject(timeoutError()));
        outgoing.destroy();
      }, cfg.timeoutMs);
      const fail = (error: Error) => settle(() => reject(error));
      outgoing.on("error", fail);
      outgoing.once("response", (res: IncomingMessage) => {
        res.setEncoding("utf8");
        let text = "";
        res.on("data", (chunk: string) => (text += chunk));
        res.on("error", fail);
        res.once("end", () => {
          const token = res.headers["upstash-sync-token"];
          settle(() => resolve({ status: res.statusCode ?? 0, text, syncToken: typeof token === "string" ? token : undefined }));
        });
      });
      outgoing.end(body);
    });

  return {
    async request<TResult>(req: UpstashRequest): Promise<UpstashResponse<TResult>> {
      const { status, text, syncToken: token } = await exchange(req);
      if (token !== undefined) syncToken = token;
      let answer: UpstashResponse<TResult>;
      try {
        answer = JSON.parse(text) as UpstashResponse<TResult>;
      } catch (error) {
        throw new errors.UpstashJSONParseError(text, { cause: error });
      }
      // Worded as the client's own HttpClient words a refused request.
      if (status < 200 || status >= 300) throw new errors.UpstashError(`${answer.error}, command was: ${JSON.stringify(req.body)}`);
      return answer;
    },
    close: () => agent.destroy(),
  };
}

/** The @upstash/redis client on a requester, with raw replies: given a requester, its constructor takes no options. */
class RawRedis extends Redis {
  constructor(requester: Requester) {
    super(requester);
    this.opts = { automaticDeserialization: false };
  }
}

export function createUpstashClient(cfg: UpstashClientConfig): RedisCommandClient {
  const requester = restRequester(cfg);
  const redis = new RawRedis(requester);
  return {
    evalsha: (sha, keys, args) => redis.evalsha(sha, keys, args),
    eval: (script, keys, args) => redis.eval(script, keys, args),
    scriptLoad: (script) => redis.scriptLoad(script),
    scan: async (cursor, match, count) => parseScanReply(await redis.scan(cursor, { match, count })),
    ping: async () => {
      await redis.ping();
    },
    quit: async () => requester.close(),
  };
}

export function createUpstashStore(
  cfg: { url: string; token: string; prefix: string; timeoutMs: number; retentionDays: number; seasons?: SeasonSchedule; suspicionWeights?: SuspicionWeights },
  options: { onCall?: (command: RoundTripCommand) => void } = {},
): Store {
  const client = createUpstashClient(cfg);
  const counted = options.onCall ? countingClient(client, options.onCall) : client;
  return createRedisStore(counted, { kind: "upstash", prefix: cfg.prefix, retentionDays: cfg.retentionDays, seasons: cfg.seasons, suspicionWeights: cfg.suspicionWeights });
}

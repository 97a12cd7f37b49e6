/**
 * The few Redis commands the store sends: scripts, the SCAN of an index rebuild, PING.
 * Two makers implement it (tcp.ts: node-redis; upstash.ts: REST). Replies come back raw
 * (RESP2 shapes: strings, integers, nulls, arrays) and are parsed by the store.
 * Every call rejects after the maker's timeout; none turns an error into data.
 */
import "server-only";

export interface RedisCommandClient {
  evalsha(sha: string, keys: string[], args: string[]): Promise<unknown>;
  eval(script: string, keys: string[], args: string[]): Promise<unknown>;
  /** Loads a script into the server's cache; returns its SHA1. */
  scriptLoad?(script: string): Promise<string>;
  /** One SCAN step: the next cursor ("0" when done) and the keys of this batch. */
  scan(cursor: string, match: string, count: number): Promise<{ cursor: string; keys: string[] }>;
  ping(): Promise<void>;
  quit(): Promise<void>;
}

/** Round trips, named by command, as counted by countingClient. */
export type RoundTripCommand = "evalsha" | "eval" | "scriptLoad" | "scan" | "ping";

/** Wraps a client so that every round trip to the server is reported (tests, benchmark). */
export function countingClient(
  client: RedisCommandClient,
  onCall: (command: RoundTripCommand) => void,
): RedisCommandClient {
  const scriptLoad = client.scriptLoad?.bind(client);
  return {
    evalsha: (sha, keys, args) => (onCall("evalsha"), client.evalsha(sha, keys, args)),
    eval: (script, keys, args) => (onCall("eval"), client.eval(script, keys, args)),
    ...(scriptLoad && { scriptLoad: (script: string) => (onCall("scriptLoad"), scriptLoad(script)) }),
    scan: (cursor, match, count) => (onCall("scan"), client.scan(cursor, match, count)),
    ping: () => (onCall("ping"), client.ping()),
    quit: () => client.quit(),
  };
}

export class RedisTimeoutError extends Error {
  constructor(what: string, ms: number) {
    super(`Redis ${what} did not answer within ${ms} ms`);
    this.name = "RedisTimeoutError";
  }
}

/** Rejects with RedisTimeoutError when `promise` has not settled within `ms`. */
export function withDeadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RedisTimeoutError(what, ms)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/** Redis answers NOSCRIPT when EVALSHA names a script its cache does not hold (restart, SCRIPT FLUSH, failover). */
export function isNoScriptError(error: unknown): boolean {
  return error instanceof Error && /\bNOSCRIPT\b/.test(error.message);
}

/** Parses a SCAN reply: [cursor, [key, ...]]. */
export function parseScanReply(reply: unknown): { cursor: string; keys: string[] } {
  if (Array.isArray(reply) && reply.length === 2) {
    const [cursor, keys] = reply as [unknown, unknown];
    if ((typeof cursor === "string" || typeof cursor === "number") && Array.isArray(keys)) {
      if (keys.every((k): k is string => typeof k === "string")) return { cursor: String(cursor), keys };
    }
  }
  throw new Error("Unexpected SCAN reply from Redis");
}

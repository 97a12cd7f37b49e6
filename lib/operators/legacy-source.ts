/**
 * Read-only access to the original app's keyspace, for the legacy import. The source is never
 * written: every command goes through a read-only allow-list (SCAN, MGET, ZSCAN, SSCAN, TYPE).
 * Over TCP it uses the store's own connection (tcp.ts: deadlines, no unbounded wait); replies
 * are parsed like the store's (reply.ts), so an unexpected shape is an error, never data.
 */
import { createTcpConnection } from "@/lib/store/redis/tcp";
import { list, scanCursor, str } from "@/lib/store/redis/reply";

/** Raw command access to the legacy Redis; replies as Redis sends them (RESP2 shapes). */
export interface LegacyConnection {
  command(args: string[]): Promise<unknown>;
  close(): Promise<void>;
}

/** The only commands the import ever sends to the source. */
export const READ_ONLY_COMMANDS = new Set(["SCAN", "MGET", "ZSCAN", "SSCAN", "TYPE"]);

export class LegacySource {
  constructor(private readonly connection: LegacyConnection) {}

  private send(args: string[]): Promise<unknown> {
    const name = args[0]?.toUpperCase() ?? "";
    if (!READ_ONLY_COMMANDS.has(name)) throw new Error(`refusing to send ${name} to the legacy source: read-only commands only`);
    return this.connection.command(args);
  }

  /** One SCAN, ZSCAN or SSCAN step: the next cursor and the strings of this batch. */
  private async step(args: string[]): Promise<{ cursor: string; items: string[] }> {
    const [cursor, items] = list(await this.send(args), args[0] ?? "", 2);
    return { cursor: scanCursor(cursor), items: list(items, `${args[0]} items`).map((item) => str(item, `${args[0]} item`)) };
  }

  async scan(cursor: string, count: number): Promise<{ cursor: string; keys: string[] }> {
    const page = await this.step(["SCAN", cursor, "COUNT", String(count)]);
    return { cursor: page.cursor, keys: page.items };
  }

  async mget(keys: string[]): Promise<(string | null)[]> {
    if (keys.length === 0) return [];
    const values = list(await this.send(["MGET", ...keys]), "MGET", keys.length);
    return values.map((value) => (value === null ? null : str(value, "MGET value")));
  }

  async type(key: string): Promise<string> {
    return str(await this.send(["TYPE", key]), "TYPE");
  }

  async zscan(key: string, cursor: string, count: number): Promise<{ cursor: string; entries: [string, string][] }> {
    const page = await this.step(["ZSCAN", key, cursor, "COUNT", String(count)]);
    const entries: [string, string][] = [];
    for (let i = 0; i + 1 < page.items.length; i += 2) entries.push([page.items[i] as string, page.items[i + 1] as string]);
    return { cursor: page.cursor, entries };
  }

  async sscan(key: string, cursor: string, count: number): Promise<{ cursor: string; members: string[] }> {
    const page = await this.step(["SSCAN", key, cursor, "COUNT", String(count)]);
    return { cursor: page.cursor, members: page.items };
  }

  close(): Promise<void> {
    return this.connection.close();
  }
}

/**
 * A connection to the legacy store: `redis://` / `rediss://` over TCP, `https://` (or `http://`)
 * as the Upstash REST API with its token. The REST side posts the command itself rather than
 * through @upstash/redis, whose errors drop the HTTP status an operator needs to see (401: wrong token).
 */
export async function connectLegacySource(url: string, token?: string, timeoutMs = 30_000): Promise<LegacySource> {
  const protocol = new URL(url).protocol;
  if (protocol === "redis:" || protocol === "rediss:") {
    const connection = createTcpConnection({ url, timeoutMs });
    return new LegacySource({ command: connection.send, close: connection.close });
  }
  if (protocol === "https:" || protocol === "http:") {
    if (!token) throw new Error("an Upstash REST source needs its token (--token)");
    return new LegacySource({
      command: async (args) => {
        const res = await fetch(url, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify(args),
          signal: AbortSignal.timeout(timeoutMs),
        });
        const body = (await res.json().catch(() => ({}))) as { result?: unknown; error?: string };
        if (!res.ok || body.error !== undefined) throw new Error(`legacy source answered ${res.status}: ${body.error ?? "no result"}`);
        return body.result;
      },
      close: async () => undefined,
    });
  }
  throw new Error(`--from must be a redis://, rediss:// or https:// URL, got ${protocol}`);
}

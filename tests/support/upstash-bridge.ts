/**
 * Test-only stand-in for the Upstash REST API, in front of a real redis-server, so the
 * @upstash/redis client runs unchanged in tests. Speaks what that client sends:
 * POST / with one command as a JSON array -> { result } | { error } (400);
 * POST /pipeline and /multi-exec with an array of commands -> [{ result } | { error }];
 * a wrong bearer token -> 401; `Upstash-Encoding: base64` -> every string result base64.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createClient, MultiErrorReply } from "redis";
import { freePort } from "@/tests/support/free-port";

export interface UpstashBridge {
  url: string;
  /** HTTP requests served so far: the real round trips of the REST client. */
  requests(): number;
  stop(): Promise<void>;
}

type Outcome = { result: unknown } | { error: string };

export async function startUpstashBridge(redisUrl: string, token: string): Promise<UpstashBridge> {
  const redis = createClient({ url: redisUrl, RESP: 2 });
  redis.on("error", () => undefined); // a failed command answers the request; the connection error itself is not news
  await redis.connect();

  const run = async (command: string[]): Promise<Outcome> => {
    try {
      return { result: await redis.sendCommand(command) };
    } catch (error) {
      return { error: errorText(error) };
    }
  };

  const transaction = async (commands: string[][]): Promise<Outcome[] | Outcome> => {
    const multi = redis.multi();
    for (const command of commands) multi.addCommand(command);
    try {
      return (await multi.exec()).map((result) => ({ result }));
    } catch (error) {
      if (error instanceof MultiErrorReply) {
        return error.replies.map((r: unknown) => (r instanceof Error ? { error: r.message } : { result: r }));
      }
      return { error: errorText(error) };
    }
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.headers.authorization !== `Bearer ${token}`) return reply(res, 401, { error: "Unauthorized" });
    if (req.method !== "POST") return reply(res, 405, { error: "Method not allowed" });
    const base64 = String(req.headers["upstash-encoding"] ?? "").toLowerCase() === "base64";
    const encode = (o: Outcome): Outcome => ("result" in o && base64 ? { result: toBase64(o.result) } : o);
    let body: unknown;
    try {
      body = JSON.parse(await readBody(req));
    } catch {
      return reply(res, 400, { error: "ERR invalid JSON body" });
    }
    const path = new URL(req.url ?? "/", "http://bridge").pathname.replace(/\/+$/, "");
    if (path === "") {
      const command = toCommand(body);
      if (!command) return reply(res, 400, { error: "ERR command must be a non-empty array" });
      const outcome = await run(command);
      return reply(res, "error" in outcome ? 400 : 200, encode(outcome));
    }
    if (path === "/pipeline" || path === "/multi-exec") {
      const commands = Array.isArray(body) ? body.map(toCommand) : [];
      if (commands.length === 0 || commands.some((c) => c === null)) {
        return reply(res, 400, { error: "ERR body must be a non-empty array of commands" });
      }
      const valid = commands as string[][];
      const outcomes = path === "/pipeline" ? await Promise.all(valid.map(run)) : await transaction(valid);
      if (!Array.isArray(outcomes)) return reply(res, 400, outcomes);
      return reply(res, 200, outcomes.map(encode));
    }
    return reply(res, 404, { error: "Not found" });
  };

  let requests = 0;
  const server = createServer((req, res) => {
    requests++;
    handle(req, res).catch((error: unknown) => reply(res, 500, { error: errorText(error) }));
  });
  const port = await freePort();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });

  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => requests,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await redis.close();
    },
  };
}

function toCommand(value: unknown): string[] | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  return value.map((arg) => (typeof arg === "string" ? arg : JSON.stringify(arg)));
}

function toBase64(value: unknown): unknown {
  if (typeof value === "string") return Buffer.from(value, "utf8").toString("base64");
  if (Array.isArray(value)) return value.map(toBase64);
  return value;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

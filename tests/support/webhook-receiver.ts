/**
 * A team's webhook endpoint for the HTTP tests (issue #30): node:http on 127.0.0.1 that checks every
 * request with `new Webhook(secret).verify(body, headers)` from the standardwebhooks package, the
 * secret of the path it came to. Each path answers 200 unless told otherwise: statuses to answer
 * first, or to hold its requests unanswered.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** What verify() returned (the parsed body), or null when the signature did not verify. */
  event: { type: string; timestamp: string; data: Record<string, unknown> } | null;
  /** The status answered; null while held, or when the connection went before an answer. */
  answered: number | null;
}

export interface WebhookReceiver {
  url(path: string): string;
  /** The secret the app answered for the endpoint at `path`: requests to it are verified with it. */
  secrets: Map<string, string>;
  received: Received[];
  /** Statuses `path` answers next, in order, before 200s again. */
  failNext(path: string, ...statuses: number[]): void;
  /** While set, `path` keeps its requests unanswered. */
  hold(path: string, held: boolean): void;
  /** Waits until `count` requests to `path` match, or fails after `timeoutMs`. */
  waitFor(path: string, count: number, timeoutMs?: number, match?: (r: Received) => boolean): Promise<Received[]>;
  stop(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const secrets = new Map<string, string>();
  const received: Received[] = [];
  const failing = new Map<string, number[]>();
  const held = new Set<string>();
  const waiting = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      const path = req.url ?? "";
      let event: Received["event"] = null;
      try {
        event = new Webhook(secrets.get(path) ?? "whsec_").verify(body, req.headers as Record<string, string>) as Received["event"];
      } catch {
        event = null;
      }
      const entry: Received = { path, headers: req.headers, body, event, answered: null };
      received.push(entry);
      if (held.has(path)) {
        waiting.add(res);
        return;
      }
      const status = failing.get(path)?.shift() ?? 200;
      entry.answered = status;
      res.writeHead(status, { "content-type": "text/plain" }).end(status === 200 ? "ok" : "failing on purpose");
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (path) => base + path,
    secrets,
    received,
    failNext: (path, ...statuses) => failing.set(path, statuses),
    hold: (path, on) => (on ? held.add(path) : held.delete(path)),
    async waitFor(path, count, timeoutMs = 20_000, match = () => true) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.filter((r) => r.path === path && match(r));
        if (found.length >= count) return found;
        if (Date.now() > deadline) throw new Error(`${path}: ${found.length} of ${count} requests after ${timeoutMs} ms`);
        await new Promise((done) => setTimeout(done, 50));
      }
    },
    async stop() {
      for (const res of waiting) res.destroy();
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    },
  };
}

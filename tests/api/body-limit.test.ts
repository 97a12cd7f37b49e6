/**
 * A body over the 8 KiB limit is a 413 `{ error }` however it arrives: sent chunked (no
 * Content-Length) in one piece, in small pieces at once or slowly, or with the rest held back
 * until the answer is in; by fetch as well as by node:http; on every backend. The answer comes as
 * soon as the limit is passed, the rest of the body is read and dropped, and the connection stays
 * usable for the next request. Before, the server cancelled
 * the rest of a body still on its way: Node then stopped reading that connection, so the client's
 * next request on it got no answer until the keep-alive timeout reset it (~6 s, "fetch failed").
 */
import { randomUUID } from "node:crypto";
import { Agent, request, type ClientRequest, type IncomingMessage } from "node:http";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { MAX_BODY_BYTES } from "@/lib/http/handle";
import { refCodeOf } from "@/lib/domain/wallet";
import { startApp, type AppServer } from "@/tests/support/app-server";
import { connectionErrorCode } from "@/tests/support/http";
import { startUpstashBridge, type UpstashBridge } from "@/tests/support/upstash-bridge";
import { randomWallet } from "@/tests/support/wallets";

const ROUNDS = 50;
const PATH = "/api/referral/record";
/**
 * Room for every round to stall until the server's keep-alive timeout resets it (about 6 s), so
 * that a broken server shows how many rounds failed instead of a test timeout. A working one
 * answers each round at once.
 */
const STALLED_ROUNDS_MS = ROUNDS * 8_000;
const TOO_LARGE = { error: `Request body too large (limit ${MAX_BODY_BYTES} bytes)` };

/** `size` bytes (12 KiB unless said) of well-formed JSON: a valid record request padded past the limit. */
function oversizedBody(size = 12 * 1024): Buffer {
  const head = JSON.stringify({ wallet: randomWallet(), refCode: refCodeOf(randomWallet()), pad: "" }).slice(0, -2);
  const body = Buffer.from(`${head}${"x".repeat(size - head.length - 2)}"}`);
  expect(body.length).toBe(size);
  return body;
}

interface Answer {
  /** "413 {...}": the status and body text, or "failed: <code>" when no answer came. */
  answer: string;
  /** Whether the request went over a connection an earlier request had used. */
  reusedSocket: boolean;
}

const EXPECTED = `413 ${JSON.stringify(TOO_LARGE)}`;
const failed = (error: unknown) => `failed: ${connectionErrorCode(error) ?? (error instanceof Error ? error.message : String(error))}`;

function answerOf(req: ClientRequest, res: IncomingMessage): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let text = "";
    res.setEncoding("utf8");
    res.on("data", (chunk: string) => (text += chunk));
    res.on("end", () => resolve({ answer: `${res.statusCode} ${text}`, reusedSocket: req.reusedSocket }));
    res.on("error", reject);
  });
}

type Sender = (req: ClientRequest, response: Promise<IncomingMessage>) => Promise<void>;

/**
 * POSTs a body chunked (no Content-Length) through node:http on `agent`. `send` writes it: it
 * gets the request and the promise of the response, so that it may hold part of the body back
 * until the answer is in.
 */
function post(app: AppServer, agent: Agent, send: Sender): Promise<Answer> {
  const req = request({ host: "127.0.0.1", port: app.port, method: "POST", path: PATH, agent, headers: { "content-type": "application/json" } });
  const response = new Promise<IncomingMessage>((resolve, reject) => {
    req.once("response", resolve);
    req.once("error", reject);
  });
  return Promise.all([send(req, response), response]).then(
    ([, res]) => answerOf(req, res),
    (error: unknown) => ({ answer: failed(error), reusedSocket: req.reusedSocket }),
  );
}

/**
 * Writes `piece`, and resolves a millisecond after it was handed to the kernel: a slow client,
 * whose body is still on its way when the server has read past the limit.
 */
const trickled = (req: ClientRequest, piece: Uint8Array) => new Promise<void>((resolve) => req.write(piece, () => setTimeout(resolve, 1)));

/** The ways a client sends the body, each ROUNDS times. */
const SENDERS: Record<string, Sender> = {
  "in one piece": async (req) => {
    req.end(oversizedBody());
  },
  "in 1 KiB pieces at once": async (req) => {
    const body = oversizedBody();
    for (let at = 0; at < body.length; at += 1024) req.write(body.subarray(at, at + 1024));
    req.end();
  },
  // More than Node holds for a request nobody reads (16 KiB): the server must read the rest itself.
  "64 KiB in 1 KiB pieces at once": async (req) => {
    const body = oversizedBody(64 * 1024);
    for (let at = 0; at < body.length; at += 1024) req.write(body.subarray(at, at + 1024));
    req.end();
  },
  // The client of the report: the server reads past the limit while the rest is still on its way.
  "in 1 KiB pieces, a slow client": async (req) => {
    const body = oversizedBody();
    for (let at = 0; at < body.length; at += 1024) await trickled(req, body.subarray(at, at + 1024));
    req.end();
  },
  "past the limit, the rest once the answer is in": async (req, response) => {
    const body = oversizedBody();
    req.write(body.subarray(0, MAX_BODY_BYTES + 1024));
    await response;
    req.end(body.subarray(MAX_BODY_BYTES + 1024));
  },
};

/** How many times each answer came. */
function tally(answers: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const answer of answers) counts[answer] = (counts[answer] ?? 0) + 1;
  return counts;
}

/** One agent, one connection: every request after the first goes over the same socket. */
const oneConnection = () => new Agent({ keepAlive: true, maxSockets: 1 });

function describeBodyLimit(backend: string, env: () => Promise<Record<string, string>>) {
  describe(`a chunked body over the limit, on ${backend}`, () => {
    let app: AppServer;
    beforeAll(async () => {
      app = await startApp(await env());
    });
    afterAll(async () => app?.stop());

    for (const [how, send] of Object.entries(SENDERS)) {
      it(`sent ${how}: ${ROUNDS} answers of 413 { error }, over one connection kept open`, { timeout: STALLED_ROUNDS_MS }, async () => {
        const agent = oneConnection();
        try {
          const answers: Answer[] = [];
          for (let i = 0; i < ROUNDS; i++) answers.push(await post(app, agent, send));
          expect(tally(answers.map((a) => a.answer))).toEqual({ [EXPECTED]: ROUNDS });
          // The rest of each body was read and dropped: the next request was served on the same connection.
          expect(answers.slice(1).every((a) => a.reusedSocket)).toBe(true);
        } finally {
          agent.destroy();
        }
      });
    }

    it(`sent by fetch as a stream, over its pooled connections: ${ROUNDS} answers of 413 { error }`, { timeout: STALLED_ROUNDS_MS }, async () => {
      const answers: string[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const body = oversizedBody();
        // Pulled 1 KiB at a time, a millisecond apart: fetch sends each as it comes.
        let at = 0;
        const stream = new ReadableStream<Uint8Array>({
          async pull(controller) {
            await new Promise((resolve) => setTimeout(resolve, 1));
            if (at >= body.length) return controller.close();
            controller.enqueue(body.subarray(at, (at += 1024)));
          },
        });
        const init = { method: "POST", body: stream, duplex: "half", headers: { "content-type": "application/json" } };
        answers.push(
          await fetch(`${app.baseUrl}${PATH}`, init as RequestInit).then(
            async (res) => `${res.status} ${await res.text()}`,
            (error: unknown) => failed(error),
          ),
        );
      }
      expect(tally(answers)).toEqual({ [EXPECTED]: ROUNDS });
    });

    it("a body of exactly the limit is read, and one byte more is 413", async () => {
      const head = JSON.stringify({ wallet: "0x123", pad: "" }).slice(0, -2);
      const exactly = Buffer.from(`${head}${"x".repeat(MAX_BODY_BYTES - head.length - 2)}"}`);
      expect(exactly.length).toBe(MAX_BODY_BYTES);
      const agent = oneConnection();
      try {
        // Within the limit the body is parsed: its wallet is the 400.
        const within = await post(app, agent, async (req) => void req.end(exactly));
        expect(within.answer).toBe(`400 ${JSON.stringify({ error: "Invalid wallet address" })}`);
        const over = Buffer.concat([exactly.subarray(0, -2), Buffer.from('x"}')]);
        expect(over.length).toBe(MAX_BODY_BYTES + 1);
        expect((await post(app, agent, async (req) => void req.end(over))).answer).toBe(EXPECTED);
      } finally {
        agent.destroy();
      }
    });
  });
}

const bridges: UpstashBridge[] = [];
afterAll(async () => {
  for (const bridge of bridges) await bridge.stop();
});

describeBodyLimit("SQLite", async () => ({}));
describeBodyLimit("Redis over TCP", async () => ({ REDIS_URL: inject("redisUrl"), STORE_PREFIX: `body${randomUUID().slice(0, 8)}` }));
describeBodyLimit("Upstash REST, through the local bridge", async () => {
  const token = randomUUID();
  const bridge = await startUpstashBridge(inject("redisUrl"), token);
  bridges.push(bridge);
  return { KV_REST_API_URL: bridge.url, KV_REST_API_TOKEN: token, STORE_PREFIX: `kvbody${randomUUID().slice(0, 8)}` };
});

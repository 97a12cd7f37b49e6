/**
 * Bad input, generated: thousands of bodies, query strings, headers (Host and X-Forwarded-* among
 * them) and methods thrown at every endpoint and the Farcaster manifest of a running `next start`
 * (SQLite, no APP_URL). Every answer is the endpoint's documented 2xx, whose URLs all point at this
 * machine whatever Host was claimed, a 4xx `{ error }`, or for a method the endpoint does not
 * serve its 405 `{ error }` (OPTIONS: 204); never a 5xx, never a hang. Runs are bounded so the
 * suite stays fast; REFBOARD_FUZZ_RUNS=<batches> runs longer, REFBOARD_FUZZ_SEED=<n> replays a failure.
 */
import { Agent, request as httpRequest } from "node:http";
import fc from "fast-check";
import { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  checkReferralResponse,
  completeTaskResponse,
  healthResponse,
  initUserResponse,
  leaderboardResponse,
  progressResponse,
  recordReferralResponse,
  referralLinkResponse,
  taskStatusResponse,
  verifyTaskResponse,
  walletByCodeResponse,
} from "@/lib/contract/schemas";
import { COMPLETABLE_TASK_IDS, TASK_IDS } from "@/lib/domain/tasks";
import { refCodeOf } from "@/lib/domain/wallet";
import { startApp, type AppServer } from "@/tests/support/app-server";
import { client } from "@/tests/support/http";
import { randomWallet } from "@/tests/support/wallets";

const BATCHES = Number(process.env.REFBOARD_FUZZ_RUNS ?? 400);
const CONCURRENCY = 8;
const SEED = process.env.REFBOARD_FUZZ_SEED === undefined ? undefined : Number(process.env.REFBOARD_FUZZ_SEED);
/** Hang guard per request: generous, so only a real hang trips it. */
const ANSWER_BOUND_MS = 15_000;

interface Endpoint {
  method: "GET" | "POST";
  path: string;
  ok: z.ZodType;
  /** The query parameter the endpoint reads (GET). */
  param?: string;
}

const ENDPOINTS: Endpoint[] = [
  { method: "POST", path: "/api/user/init", ok: initUserResponse },
  { method: "POST", path: "/api/referral/record", ok: recordReferralResponse },
  { method: "POST", path: "/api/steam/task/complete", ok: completeTaskResponse },
  { method: "POST", path: "/api/steam/verify", ok: verifyTaskResponse },
  { method: "GET", path: "/api/referral/check", ok: checkReferralResponse, param: "wallet" },
  { method: "GET", path: "/api/referral/link", ok: referralLinkResponse, param: "user" },
  { method: "GET", path: "/api/referral/wallet-by-code", ok: walletByCodeResponse, param: "code" },
  { method: "GET", path: "/api/steam/task-status", ok: taskStatusResponse, param: "wallet" },
  { method: "GET", path: "/api/steam/progress", ok: progressResponse, param: "wallet" },
  { method: "GET", path: "/api/leaderboard", ok: leaderboardResponse },
  { method: "GET", path: "/api/leaderboard/user", ok: leaderboardResponse.element, param: "wallet" },
  { method: "GET", path: "/api/health", ok: healthResponse },
  { method: "GET", path: "/.well-known/farcaster.json", ok: z.object({ miniapp: z.object({ homeUrl: z.string() }) }) },
];

/**
 * Methods besides each endpoint's own: the other one of GET and POST, the rest Next.js routes, and
 * some it cannot (TRACE, WebDAV), which the server answers before Next.js. Sent only after the
 * server has answered a request (beforeAll): until then TRACE still meets Next.js's own 500.
 */
const OTHER_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD", "TRACE", "PROPFIND", "SEARCH", "PURGE", "MKCOL"];

/** Wallets the store knows, so that some generated codes and referrals resolve. */
const KNOWN = Array.from({ length: 4 }, () => randomWallet());

// ---------------------------------------------------------------------------
// Generators

const hex = (n: number) => fc.string({ unit: fc.constantFrom(..."0123456789abcdefABCDEF"), minLength: n, maxLength: n });
const PROTO_KEYS = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "valueOf"];

const unicodeText = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 50 }),
  fc.string({ unit: "binary", maxLength: 50 }), // lone surrogates included
  fc.constantFrom("０ｘ", "аbcdef12", "İİİİİİİİ", "ß".repeat(8), "🦊".repeat(4), "\u0000".repeat(8), "\u202e12345678", "ǅ"),
);

const walletLike: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...KNOWN),
  hex(40).map((h) => `0x${h}`),
  hex(40).map((h) => `0X${h}`),
  fc.integer({ min: 0, max: 45 }).chain((n) => hex(n).map((h) => `0x${h}`)),
  hex(40).map((h) => ` 0x${h} `),
  hex(40).chain((h) => unicodeText.map((u) => `0x${h.slice(0, 39)}${u}`)),
  hex(40).map((h) => `0x${h.slice(0, 20)}\u0430${h.slice(21)}`), // Cyrillic a
  unicodeText,
  fc.constantFrom(...PROTO_KEYS),
);

const refCodeLike: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...KNOWN.map(refCodeOf)),
  fc.constantFrom(...KNOWN.map((w) => refCodeOf(w).toUpperCase())),
  hex(8),
  fc.string({ unit: "grapheme", minLength: 8, maxLength: 8 }),
  fc.string({ unit: "binary", minLength: 4, maxLength: 8 }),
  fc.integer({ min: 0, max: 12 }).chain((n) => hex(n)),
  unicodeText,
  fc.constantFrom(...PROTO_KEYS, "constructor".slice(0, 8), "__proto_"),
);

const taskIdLike: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...TASK_IDS, ...COMPLETABLE_TASK_IDS.map((t) => t.toUpperCase()), "nft_mint ", "fishing", "follow"),
  fc.constantFrom(...PROTO_KEYS),
  unicodeText,
);

/** Any JSON value, including deep ones. */
const anyJson = fc.jsonValue({ maxDepth: 6 });

/** A field value: usually of the right kind, sometimes anything. */
const valueOf = (good: fc.Arbitrary<string>) =>
  fc.oneof(
    { weight: 6, arbitrary: good },
    { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null)) },
    { weight: 1, arbitrary: fc.oneof(fc.array(good, { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 5 }), good, { maxKeys: 3 })) },
    { weight: 1, arbitrary: anyJson },
  );

/** A JSON object written by hand, so keys like __proto__ are real keys and duplicates happen. */
const nearValidObject: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      { weight: 4, arbitrary: fc.tuple(fc.constant("wallet"), valueOf(walletLike)) },
      { weight: 3, arbitrary: fc.tuple(fc.constant("refCode"), valueOf(refCodeLike)) },
      { weight: 3, arbitrary: fc.tuple(fc.constant("taskId"), valueOf(taskIdLike)) },
      { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...PROTO_KEYS), anyJson) },
      { weight: 1, arbitrary: fc.tuple(fc.oneof(fc.string({ maxLength: 10 }), unicodeText), anyJson) },
      { weight: 1, arbitrary: fc.tuple(fc.constantFrom("Wallet", "WALLET", "refcode", "task_id", "wallet "), valueOf(walletLike)) },
    ),
    { maxLength: 5 },
  )
  .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? "null"}`).join(",")}}`);

/** Bodies close to the 8 KiB limit, on both sides of it. */
const hugeBody: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 8_000, max: 8_400 }), fc.constantFrom("x", "é", "🦊"), walletLike)
  .map(([size, pad, wallet]) => {
    const head = `{"wallet":${JSON.stringify(wallet)},"taskId":"fc_follow","refCode":"abcdef12","pad":"`;
    const filler = pad.repeat(Math.max(0, Math.ceil((size - head.length - 2) / Buffer.byteLength(pad))));
    return `${head}${filler}"}`;
  });

/** Deep nesting, within and beyond the size limit. */
const nestedBody: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 1, max: 6_000 }), fc.constantFrom("array", "object", "wallet"))
  .map(([depth, shape]) =>
    shape === "array"
      ? "[".repeat(depth) + "]".repeat(depth)
      : shape === "object"
        ? '{"a":'.repeat(depth) + "1" + "}".repeat(depth)
        : `{"wallet":${'{"wallet":'.repeat(depth)}"0x"${"}".repeat(depth)}}`,
  );

const body: fc.Arbitrary<string | Uint8Array> = fc.oneof(
  { weight: 8, arbitrary: nearValidObject },
  { weight: 2, arbitrary: fc.json({ maxDepth: 4 }) },
  { weight: 2, arbitrary: fc.oneof(fc.string({ maxLength: 100 }), unicodeText, fc.constantFrom("", "{", "nul", "{}}", '{"wallet":')) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }) }, // not even UTF-8
  { weight: 1, arbitrary: hugeBody },
  { weight: 1, arbitrary: nestedBody },
);

const contentType = fc.constantFrom(
  "application/json",
  "application/json",
  "application/json; charset=utf-8",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/json; charset=latin1",
  undefined,
);

/** Percent-encodes what a request target cannot carry raw; sometimes leaves malformed escapes in. */
const queryValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.oneof(walletLike, refCodeLike).map(encodeURIComponent) },
  { weight: 1, arbitrary: fc.constantFrom("%", "%zz", "%E0%A4%A", "%00", "%C0%AF", "+", "%2B0x", "a%20b", "%uD83E") },
  { weight: 1, arbitrary: fc.webQueryParameters() },
);

const queryString = (param: string | undefined): fc.Arbitrary<string> =>
  fc
    .array(
      fc.oneof(
        { weight: 5, arbitrary: queryValue.map((v) => `${param ?? "wallet"}=${v}`) },
        { weight: 1, arbitrary: fc.constant(param ?? "wallet") }, // no "=" at all
        { weight: 1, arbitrary: fc.tuple(fc.constantFrom("wallet", "user", "code", "__proto__", "constructor", "WALLET"), queryValue).map(([k, v]) => `${k}=${v}`) },
        { weight: 1, arbitrary: fc.tuple(fc.string({ unit: fc.constantFrom(..."abc[]._-~!$'()*,;:@/?"), maxLength: 8 }), queryValue).map(([k, v]) => `${k}=${v}`) },
      ),
      { maxLength: 4 },
    )
    .map((parts) => (parts.length === 0 ? "" : `?${parts.join("&")}`));

/** Header values a client can send: visible ASCII and Latin-1, no control characters. */
const headerText = fc.string({
  unit: fc.oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0xa0, max: 0xff })).map((c) => String.fromCharCode(c)),
  maxLength: 60,
});

/** Host-like values, many of them not valid URL hosts (ports above 65535, IPv4 octets above 255, bad IPv6). */
const hostLike: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(fc.domain(), fc.option(fc.integer({ min: 0, max: 99_999 }))).map(([d, p]) => (p === null ? d : `${d}:${p}`)),
  fc.tuple(fc.array(fc.integer({ min: 0, max: 999 }), { minLength: 1, maxLength: 5 }), fc.option(fc.integer({ min: 0, max: 99_999 })))
    .map(([parts, p]) => `${parts.join(".")}${p === null ? "" : `:${p}`}`),
  fc.ipV6().map((ip) => `[${ip}]`),
  fc.constantFrom("[:::]", "[1::2::3]", "[::1]:0", "0x1.2", "localhost:65536", "-.-", "a..b", "xn--", "[]"),
  headerText,
);

const headers: fc.Arbitrary<Record<string, string>> = fc
  .record(
    {
      "x-user-wallet": walletLike,
      "x-forwarded-host": fc.oneof(hostLike, hostLike.map((h) => `${h}, evil.example`)),
      "x-forwarded-proto": fc.constantFrom("http", "https", "ftp", "HTTPS", "", "javascript"),
      host: hostLike,
      accept: fc.constantFrom("*/*", "text/html", "application/json", ""),
      "x-fuzz": headerText,
    },
    { requiredKeys: [] },
  )
  // Node's client refuses header values with characters outside its allowed set; the server never sees those.
  .map((h) => Object.fromEntries(Object.entries(h).filter(([, v]) => /^[\t\x20-\x7e\xa0-\xff]*$/.test(v))));

interface FuzzRequest {
  method: string;
  path: string;
  query: string;
  headers: Record<string, string>;
  contentType?: string;
  body?: string | Uint8Array;
  /**
   * Body sent chunked, without content-length (POST only). A GET with a chunked body is refused
   * by Next itself (400, empty body, before any route runs), so GET bodies carry a length.
   */
  chunked: boolean;
}

const fuzzRequest: fc.Arbitrary<FuzzRequest> = fc
  .constantFrom(...ENDPOINTS)
  .chain((endpoint) =>
    fc
      .record({
        method: fc.oneof({ weight: 9, arbitrary: fc.constant(endpoint.method) }, { weight: 1, arbitrary: fc.constantFrom(...OTHER_METHODS) }),
        path: fc.constant(endpoint.path),
        query: endpoint.method === "GET" ? queryString(endpoint.param) : fc.oneof(fc.constant(""), queryString("wallet")),
        headers: fc.oneof({ weight: 3, arbitrary: fc.constant({}) }, { weight: 2, arbitrary: headers }),
        contentType: endpoint.method === "POST" ? contentType : fc.constant(undefined),
        body: endpoint.method === "POST" ? body : fc.option(body, { freq: 10, nil: undefined }),
        chunked: endpoint.method === "POST" ? fc.boolean() : fc.constant(false),
      })
      // Bodies go with the methods that carry one; chunked ones with POST only.
      .map((req) => {
        const withBody = ["GET", "POST", "PUT", "PATCH", "DELETE"].includes(req.method);
        return { ...req, body: withBody ? req.body : undefined, chunked: req.chunked && req.method === "POST" };
      }),
  );

const ENDPOINT_BY_PATH = new Map(ENDPOINTS.map((e) => [e.path, e]));

// ---------------------------------------------------------------------------
// Sending and judging

interface Answer {
  status: number;
  allow?: string;
  text: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function send(port: number, req: FuzzRequest): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...req.headers };
    if (req.contentType !== undefined) headers["content-type"] = req.contentType;
    if (req.body !== undefined && !req.chunked) headers["content-length"] = String(Buffer.byteLength(req.body));
    const r = httpRequest(
      { host: "127.0.0.1", port, method: req.method, path: req.path + req.query, headers, agent, setHost: !("host" in headers) },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, allow: res.headers.allow, text: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", reject);
      },
    );
    r.setTimeout(ANSWER_BOUND_MS, () => r.destroy(new Error(`no answer within ${ANSWER_BOUND_MS} ms (hang)`)));
    r.on("error", reject);
    r.end(req.body);
  });
}

/** localhost and its subdomains, 127.0.0.0/8, [::1]: the only hosts a link may name on a server without APP_URL. */
const onThisMachine = (hostname: string) =>
  hostname === "localhost" || hostname.endsWith(".localhost") || hostname === "[::1]" || /^127(\.\d{1,3}){3}$/.test(hostname);

/** Every absolute URL in a JSON value that points off this machine, or has a scheme other than http(s). */
function foreignUrls(value: unknown): string[] {
  if (typeof value === "string") {
    if (!/^[a-z][a-z0-9+.-]*:/i.test(value)) return [];
    try {
      const url = new URL(value);
      return ["http:", "https:"].includes(url.protocol) && onThisMachine(url.hostname) ? [] : [value];
    } catch {
      return [value];
    }
  }
  return value && typeof value === "object" ? Object.values(value).flatMap(foreignUrls) : [];
}

/** Why the answer breaks the contract, or null when it is fine. */
function judge(req: FuzzRequest, answer: Answer): string | null {
  const endpoint = ENDPOINT_BY_PATH.get(req.path);
  if (!endpoint) return `no endpoint ${req.path}`;
  if (req.method !== endpoint.method) return judgeOtherMethod(req.method, endpoint, answer);
  let json: unknown;
  try {
    json = JSON.parse(answer.text);
  } catch {
    return `status ${answer.status} with a body that is not JSON: ${answer.text.slice(0, 200)}`;
  }
  if (answer.status >= 200 && answer.status < 300) {
    if (!endpoint.ok.safeParse(json).success) return `2xx that is not the documented shape: ${answer.text.slice(0, 300)}`;
    const foreign = foreignUrls(json);
    return foreign.length === 0 ? null : `2xx with URLs off this machine: ${foreign.slice(0, 3).join(" ")}`;
  }
  if (answer.status >= 400 && answer.status < 500) {
    const error = (json as { error?: unknown } | null)?.error;
    const extra = json && typeof json === "object" ? Object.keys(json).filter((k) => k !== "error" && k !== "cooldownRemaining") : [];
    return typeof error === "string" && extra.length === 0 ? null : `4xx without a { error } body: ${answer.text.slice(0, 300)}`;
  }
  return `status ${answer.status}: ${answer.text.slice(0, 300)}`;
}

/** A method the endpoint does not serve: 405 { error } with its Allow; OPTIONS 204; HEAD as GET, without a body. */
function judgeOtherMethod(method: string, endpoint: Endpoint, answer: Answer): string | null {
  const allow = endpoint.method === "GET" ? "GET, HEAD, OPTIONS" : "OPTIONS, POST";
  if (method === "HEAD") {
    if (answer.text !== "") return `HEAD with a body: ${answer.text.slice(0, 100)}`;
    if (endpoint.method === "GET") return answer.status < 500 ? null : `HEAD answered ${answer.status}`;
    return answer.status === 405 ? null : `HEAD answered ${answer.status}, not 405`;
  }
  if (method === "OPTIONS") return answer.status === 204 && answer.allow === allow ? null : `OPTIONS answered ${answer.status}, Allow ${answer.allow}`;
  if (answer.status !== 405) return `${method} answered ${answer.status}, not 405: ${answer.text.slice(0, 200)}`;
  // TRACE and the others Next.js cannot route are refused before it, with the Allow of every page.
  const expected = endpoint.path.startsWith("/api/") || ["GET", "POST", "PUT", "PATCH", "DELETE"].includes(method) ? allow : "GET, HEAD";
  if (answer.allow !== expected) return `${method} 405 with Allow ${answer.allow}, not ${expected}`;
  return answer.text === JSON.stringify({ error: "Method not allowed" }) ? null : `${method} 405 body: ${answer.text.slice(0, 200)}`;
}

function describeRequest(req: FuzzRequest): string {
  const body = req.body instanceof Uint8Array ? `bytes ${Buffer.from(req.body).toString("hex")}` : JSON.stringify(req.body);
  return (
    `${req.method} ${req.path}${req.query} headers=${JSON.stringify(req.headers)} content-type=${String(req.contentType)}` +
    ` ${req.chunked ? "chunked " : ""}body=${body?.slice(0, 500)}`
  );
}

describe("fuzzing every endpoint (SQLite)", () => {
  let app: AppServer;

  beforeAll(async () => {
    app = await startApp();
    const api = client(app.baseUrl);
    for (const wallet of KNOWN) expect((await api.post("/api/user/init", { wallet })).status).toBe(200);
  });
  afterAll(async () => {
    agent.destroy();
    await app?.stop();
  });

  it(`${BATCHES * CONCURRENCY} generated requests: every answer is a documented 2xx with its URLs on this machine, a 4xx { error } or a refused method's 405, never a 5xx or a hang`, async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(fc.array(fuzzRequest, { minLength: CONCURRENCY, maxLength: CONCURRENCY }), async (batch) => {
        const answers = await Promise.all(batch.map((req) => send(app.port, req)));
        answers.forEach((answer, i) => {
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          const problem = judge(batch[i]!, answer);
          if (problem) throw new Error(`${problem}\n  for ${describeRequest(batch[i]!)}`);
        });
      }),
      { numRuns: BATCHES, seed: SEED },
    );
    console.log(`fuzz answers by status: ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`);
    // The generators reach past validation too, or the run proves little.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(BATCHES);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(BATCHES);
    expect(statuses.get(405) ?? 0).toBeGreaterThan(BATCHES / 10);
    expect(statuses.get(415) ?? 0).toBeGreaterThan(BATCHES / 10);
  }, Math.max(120_000, BATCHES * 400));
});

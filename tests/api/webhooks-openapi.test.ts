/**
 * The webhook endpoints against the OpenAPI document (tests/api/openapi-check.ts): real answers of
 * the production build validate against /api/openapi.json, and every status the document lists for
 * the Webhooks tag is seen here. Also the safe targets: without WEBHOOKS_ALLOW_PRIVATE, plain http
 * and every private, loopback or link-local address (a literal, or a name that resolves to one) is a
 * 400 naming the url and why; with it, they are taken.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_BODY_BYTES } from "@/lib/contract/route-spec";
import { WEBHOOK_EVENT_TYPES } from "@/lib/domain/webhooks";
import { startApp, type AppServer } from "@/tests/support/app-server";
import { freePort } from "@/tests/support/free-port";
import { CHECKED_TAGS, newAdminToken, openApiCheck, type Method } from "@/tests/api/openapi-check";
import { accountOf, keyedWallet, signIn } from "@/tests/api/wallet-session";

const TAGS = CHECKED_TAGS["webhooks-openapi.test.ts"];
const TOKEN = newAdminToken();
const CRON = randomBytes(24).toString("hex");
const auth = { authorization: `Bearer ${TOKEN}` };
const dataDir = mkdtempSync(join(tmpdir(), "refboard-webhooks-openapi-"));
const UNKNOWN = "/api/admin/webhooks/wh_0123456789abcdef";

describe("the webhook endpoints against the OpenAPI document", () => {
  let live: AppServer; // SQLite (dataDir), admin token and sessions, CRON_SECRET, WEBHOOKS_ALLOW_PRIVATE=true
  let strict: AppServer; // the same store, without WEBHOOKS_ALLOW_PRIVATE
  let down: AppServer; // store unreachable, WEBHOOKS_ALLOW_PRIVATE=true (a local URL gets as far as the store)
  let off: AppServer; // no ADMIN_TOKEN, no CRON_SECRET
  const check = openApiCheck();
  const { call } = check;
  // A POST carries Content-Type: application/json, body or not.
  const admin = (app: AppServer, method: Method, target: string, body?: unknown, headers: Record<string, string> = auth) =>
    call(app, method, target, { body, headers: method === "POST" ? { "content-type": "application/json", ...headers } : headers });
  const create = (app: AppServer, url: string, events: unknown = ["referral.recorded"]) => admin(app, "POST", "/api/admin/webhooks", { url, events });

  beforeAll(async () => {
    const secrets = { ADMIN_TOKEN: TOKEN, CRON_SECRET: CRON };
    [live, strict, down, off] = await Promise.all([
      startApp({ DATA_DIR: dataDir, ...secrets, WEBHOOKS_ALLOW_PRIVATE: "true", ADMIN_WALLETS: keyedWallet(), SESSION_SECRET: randomBytes(32).toString("hex") }),
      startApp({ DATA_DIR: dataDir, ADMIN_TOKEN: TOKEN }),
      freePort().then((port) => startApp({ REDIS_URL: `redis://127.0.0.1:${port}`, STORE_TIMEOUT_MS: "300", ...secrets, WEBHOOKS_ALLOW_PRIVATE: "true" })),
      startApp({}),
    ]);
    await check.load(live);
  }, 180_000);
  afterAll(async () => {
    await Promise.all([live?.stop(), strict?.stop(), down?.stop(), off?.stop()]);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("an endpoint: created with its secret once, listed without it, tested, its deliveries read, disabled, enabled, deleted", async () => {
    // A port nothing listens on: the test event's attempt fails as a refused connection.
    const url = `http://127.0.0.1:${await freePort()}/hook`;
    const created = await create(live, url, ["wallet.reinstated", "referral.recorded", "referral.recorded"]);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ url, events: ["referral.recorded", "wallet.reinstated"], secret: expect.stringMatching(/^whsec_/) });
    const path = `/api/admin/webhooks/${created.body.id}`;
    const listed = (await admin(live, "GET", "/api/admin/webhooks")).body.webhooks;
    expect(listed).toEqual([{ id: created.body.id, url, events: created.body.events, state: "active", createdAt: expect.any(Number), disabledAt: null, disabledBy: null, failingSince: null, lastDelivery: null }]);
    expect(JSON.stringify(listed)).not.toContain(created.body.secret);

    const tested = await admin(live, "POST", `${path}/test`);
    expect(tested.status).toBe(202);
    expect(tested.body.eventId).toMatch(/^msg_[A-Za-z0-9_-]{24,}$/);
    let deliveries: { eventId: string; attempts: number; lastError: string | null }[] = [];
    // The attempt runs after the 202: wait for it to be recorded.
    for (let i = 0; i < 100 && !deliveries[0]?.attempts; i++) {
      deliveries = (await admin(live, "GET", `${path}/deliveries`)).body.deliveries;
      await new Promise((done) => setTimeout(done, 100));
    }
    expect(deliveries).toMatchObject([{ eventId: tested.body.eventId, type: "webhook.test", state: "pending", attempts: 1, lastStatus: null, lastError: "connection refused" }]);

    expect((await admin(live, "PATCH", path, { enabled: false })).body).toMatchObject({ id: created.body.id, state: "disabled", disabledAt: expect.any(Number), disabledBy: "admin" });
    expect((await admin(live, "PATCH", path, { enabled: true })).body).toMatchObject({ state: "active", disabledAt: null, disabledBy: null, failingSince: null });
    expect((await admin(live, "DELETE", path)).body).toEqual({ deleted: true });
    expect((await admin(live, "DELETE", path)).body).toEqual({ error: "Webhook not found" });
    expect((await admin(live, "GET", "/api/admin/webhooks")).body).toEqual({ webhooks: [] });
  });

  it("every 400 names its field; an unknown or malformed id is a 404", async () => {
    const url = "https://hooks.example/in";
    expect((await admin(live, "POST", "/api/admin/webhooks", { events: ["referral.recorded"] })).body.error).toMatch(/^Invalid url: /);
    expect((await create(live, "not a url")).body.error).toBe("Invalid url: an absolute http(s) URL");
    expect((await create(live, `https://a.example/${"x".repeat(2048)}`)).body.error).toBe("Invalid url: at most 2048 characters");
    expect((await create(live, url, [])).body.error).toBe(`Invalid events: a non-empty list of ${WEBHOOK_EVENT_TYPES.join(", ")}`);
    expect((await create(live, url, ["referral.created"])).body.error).toMatch(/^Invalid events: /);
    expect((await create(live, url, "referral.recorded")).body.error).toMatch(/^Invalid events: /);
    expect((await admin(live, "POST", "/api/admin/webhooks", { url, events: ["referral.recorded"], pad: "x".repeat(MAX_BODY_BYTES) })).status).toBe(413);
    expect((await admin(live, "POST", "/api/admin/webhooks", "{")).body).toEqual({ error: "Invalid JSON body" });
    expect((await admin(live, "PATCH", UNKNOWN, { enabled: "yes" })).body).toEqual({ error: "Invalid enabled: true or false" });
    expect((await admin(live, "PATCH", UNKNOWN, { enabled: true, pad: "x".repeat(MAX_BODY_BYTES) })).status).toBe(413);
    for (const target of [UNKNOWN, "/api/admin/webhooks/nope"]) {
      expect((await admin(live, "PATCH", target, { enabled: true })).body).toEqual({ error: "Webhook not found" });
      expect((await admin(live, "DELETE", target)).body).toEqual({ error: "Webhook not found" });
      expect((await admin(live, "POST", `${target}/test`)).body).toEqual({ error: "Webhook not found" });
      expect((await admin(live, "GET", `${target}/deliveries`)).body).toEqual({ error: "Webhook not found" });
    }
  });

  it("without WEBHOOKS_ALLOW_PRIVATE, http and private, loopback and link-local targets are refused, saying why; with it they are taken", async () => {
    const port = await freePort();
    const refused: [string, string][] = [
      ["http://hooks.example/in", "Invalid url: must be https (WEBHOOKS_ALLOW_PRIVATE=true allows http)"],
      ["https://127.0.0.1/in", "Invalid url: 127.0.0.1 resolves to a private or reserved address (127.0.0.1)"],
      ["https://10.0.0.1/in", "Invalid url: 10.0.0.1 resolves to a private or reserved address (10.0.0.1)"],
      ["https://169.254.169.254/latest", "Invalid url: 169.254.169.254 resolves to a private or reserved address (169.254.169.254)"],
      ["https://[::1]/in", "Invalid url: ::1 resolves to a private or reserved address (::1)"],
      ["https://[::ffff:127.0.0.1]/in", "Invalid url: ::ffff:7f00:1 resolves to a private or reserved address (::ffff:7f00:1)"],
    ];
    for (const [url, error] of refused) expect((await create(strict, url)).body, url).toEqual({ error });
    expect((await create(strict, `https://localhost:${port}/in`)).body.error).toMatch(/^Invalid url: localhost resolves to a private or reserved address \((127\.0\.0\.1|::1)\)$/);
    expect((await admin(strict, "GET", "/api/admin/webhooks")).body).toEqual({ webhooks: [] });
    for (const url of [`http://127.0.0.1:${port}/in`, `http://localhost:${port}/in`, `https://[::1]:${port}/in`, "https://10.0.0.1/in"]) {
      const created = await create(live, url);
      expect(created.status, url).toBe(201);
      await admin(live, "DELETE", `/api/admin/webhooks/${created.body.id}`);
    }
  });

  it("the cron route: CRON_SECRET runs it (no NEYNAR_API_KEY needed), another is 401, none configured is 404", async () => {
    expect((await call(live, "GET", "/api/cron/webhooks", { headers: { authorization: `Bearer ${CRON}` } })).body).toEqual({ attempts: 0, delivered: 0, failed: 0, disabled: 0 });
    expect((await call(live, "GET", "/api/cron/webhooks", { headers: { authorization: "Bearer wrong-secret-0123456789" } })).body).toEqual({ error: "Invalid or missing cron secret" });
    expect((await call(live, "GET", "/api/cron/webhooks")).status).toBe(401);
    expect((await call(off, "GET", "/api/cron/webhooks", { headers: { authorization: `Bearer ${CRON}` } })).body).toEqual({ error: "Scheduled jobs are not enabled" });
    expect((await call(down, "GET", "/api/cron/webhooks", { headers: { authorization: `Bearer ${CRON}` } })).status).toBe(500);
  });

  it("no access (401), not an admin (403), off (404), the store down (500): on every admin endpoint", async () => {
    const notAdmin = { cookie: await signIn(live.baseUrl, accountOf(keyedWallet())!) };
    const every: [Method, string, unknown][] = [
      ["POST", "/api/admin/webhooks", { url: "http://127.0.0.1:9/hook", events: ["referral.recorded"] }],
      ["GET", "/api/admin/webhooks", undefined],
      ["DELETE", UNKNOWN, undefined],
      ["PATCH", UNKNOWN, { enabled: true }],
      ["POST", `${UNKNOWN}/test`, undefined],
      ["GET", `${UNKNOWN}/deliveries`, undefined],
    ];
    for (const [method, target, body] of every) {
      expect((await admin(live, method, target, body, {})).status, target).toBe(401);
      expect((await admin(live, method, target, body, notAdmin)).status, target).toBe(403);
      expect((await admin(off, method, target, body)).status, target).toBe(404);
      expect((await admin(down, method, target, body)).status, target).toBe(500);
    }
  });

  it("every webhook POST answers 415 to a body that is not JSON, before anything else", async () => {
    await check.expectJsonOnly(live, TOKEN, TAGS);
  });

  it("the document lists each event's body under webhooks, a named schema each", () => {
    const doc = check.doc as unknown as { webhooks: Record<string, { post: { requestBody: { content: Record<string, { schema: { $ref: string } }> } } }> };
    expect(Object.keys(doc.webhooks).sort()).toEqual([...WEBHOOK_EVENT_TYPES, "webhook.test"].sort());
    for (const [type, item] of Object.entries(doc.webhooks)) {
      const ref = item.post.requestBody.content["application/json"]!.schema.$ref;
      expect(check.doc.components.schemas[ref.replace("#/components/schemas/", "")], type).toBeDefined();
    }
  });

  it(`every status the document lists for ${TAGS.join(", ")} was seen above`, () => {
    expect(check.unseen(TAGS)).toEqual([]);
  });
});

/**
 * The scheduled jobs' door in the route wrapper (handle's `auth: "cron"`, lib/auth/cron.ts):
 * `Authorization: Bearer <CRON_SECRET>` runs the job; a missing or wrong secret is 401 before
 * anything else is looked at; without a secret (or without notifications) the job does not exist.
 * The same over HTTP, on the real route: tests/api/notifications.test.ts.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { config, parseConfig } from "@/lib/config";
import { handle } from "@/lib/http/handle";
import { recordReferralBody } from "@/lib/contract/schemas";

vi.mock("@/lib/config", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/config")>();
  return { ...actual, config: vi.fn(() => actual.parseConfig({})) };
});

const SECRET = "cron-secret-0123456789";
const UNAUTHORIZED = { status: 401, body: { error: "Invalid or missing cron secret" } };
const NOT_ENABLED = { status: 404, body: { error: "Scheduled jobs are not enabled" } };
const RAN = { status: 200, body: { ran: true } };

let runs = 0;
const job = handle({ auth: "cron" }, () => {
  runs++;
  return Response.json({ ran: true });
});
/** A cron route that also takes a JSON body: the secret is checked before the body is looked at. */
const jobWithBody = handle({ auth: "cron", body: recordReferralBody }, () => {
  runs++;
  return Response.json({ ran: true });
});

function configure(env: Record<string, string>) {
  vi.mocked(config).mockReturnValue(parseConfig(env));
}

async function call(headers: Record<string, string> = {}) {
  const res = await job(new Request("http://localhost/api/cron/x", { headers }));
  return { status: res.status, body: (await res.json()) as unknown };
}

beforeEach(() => {
  runs = 0;
  // Each request's log line; what is tested here is the answer.
  vi.spyOn(process.stdout, "write").mockImplementation(() => true);
});

describe("a cron route with CRON_SECRET set", () => {
  beforeEach(() => configure({ NEYNAR_API_KEY: "key", CRON_SECRET: SECRET }));

  it("runs the job for `Bearer <CRON_SECRET>`, the scheme in any case", async () => {
    expect(await call({ authorization: `Bearer ${SECRET}` })).toEqual(RAN);
    expect(await call({ authorization: `bearer ${SECRET}` })).toEqual(RAN);
    expect(runs).toBe(2);
  });

  it("refuses a missing or wrong secret with 401 { error }, and the job does not run", async () => {
    const wrong: Record<string, string>[] = [
      {},
      { authorization: "" },
      { authorization: SECRET },
      { authorization: `Basic ${SECRET}` },
      { authorization: "Bearer " },
      { authorization: `Bearer ${SECRET.slice(0, -1)}` },
      { authorization: `Bearer ${SECRET}x` },
      { authorization: `Bearer ${SECRET.toUpperCase()}` },
      { authorization: `Bearer ${"x".repeat(SECRET.length)}` },
    ];
    for (const headers of wrong) expect([headers, await call(headers)]).toEqual([headers, UNAUTHORIZED]);
    expect(runs).toBe(0);
  });

  it("checks the secret before the request's Content-Type and body", async () => {
    const post = (headers: Record<string, string>) =>
      jobWithBody(new Request("http://localhost/api/cron/x", { method: "POST", body: "x".repeat(20_000), headers }));
    const refused = await post({ "content-type": "text/plain" });
    expect({ status: refused.status, body: await refused.json() }).toEqual(UNAUTHORIZED);
    // With the secret, the same request reaches the next check: 415.
    expect((await post({ "content-type": "text/plain", authorization: `Bearer ${SECRET}` })).status).toBe(415);
    expect(runs).toBe(0);
  });
});

describe("a cron route without a secret", () => {
  it("does not exist (404 { error }) while notifications are on but CRON_SECRET is not set, whatever the request sends", async () => {
    configure({ NEYNAR_API_KEY: "key" });
    const sent: Record<string, string>[] = [{}, { authorization: "Bearer undefined" }, { authorization: `Bearer ${SECRET}` }];
    for (const headers of sent) {
      expect([headers, await call(headers)]).toEqual([headers, NOT_ENABLED]);
    }
    expect(runs).toBe(0);
  });

  it("does not exist while notifications are off, even with CRON_SECRET set and sent", async () => {
    configure({ CRON_SECRET: SECRET });
    expect(await call({ authorization: `Bearer ${SECRET}` })).toEqual(NOT_ENABLED);
    expect(runs).toBe(0);
  });
});

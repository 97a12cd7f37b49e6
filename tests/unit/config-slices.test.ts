/**
 * The environment is parsed slice by slice, once per process (lib/config/schema.ts, environment.ts):
 * a bad value in any slice stops start-up with a message naming the variable, and fails only the views
 * that read its slice, so the pages' security headers (proxy.ts) stand whatever else is wrong.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { variableNames, type SliceName } from "@/lib/config/schema";

type Config = typeof import("@/lib/config");
type Schema = typeof import("@/lib/config/schema");

/** Per slice: a variable, a value at its limit that is taken, and one just past it that is refused. null: nothing in it can be malformed. */
const BOUNDARIES: Record<SliceName, { variable: string; taken: string; refused: string } | null> = {
  platform: null, // NODE_ENV and VERCEL are free text
  links: { variable: "APP_URL", taken: "http://a.example", refused: "ftp://a.example" },
  store: { variable: "STORE_TIMEOUT_MS", taken: "100", refused: "99" },
  board: { variable: "LEADERBOARD_SIZE", taken: "1000", refused: "1001" },
  chain: { variable: "NFT_CONTRACT", taken: "0x" + "a".repeat(40), refused: "0x" + "a".repeat(39) },
  qualify: { variable: "QUALIFY_MIN_TX", taken: "1", refused: "0" },
  operators: { variable: "ADMIN_TOKEN", taken: "t".repeat(16), refused: "t".repeat(15) },
  signIn: { variable: "NONCE_TTL_SECONDS", taken: "10", refused: "9" },
  requests: { variable: "TRUST_PROXY", taken: "9", refused: "10" },
  headers: { variable: "FRAME_ANCESTORS", taken: "'self'", refused: "javascript:alert(1)" },
  site: { variable: "APP_SUBTITLE", taken: "s".repeat(30), refused: "s".repeat(31) },
  farcaster: null, // NEYNAR_API_KEY is free text
  socialTargets: { variable: "NEYNAR_TIMEOUT_MS", taken: "60000", refused: "60001" },
  notifications: { variable: "NOTIFY_TIMEOUT_MS", taken: "60000", refused: "60001" },
  webhooks: { variable: "WEBHOOKS_ALLOW_PRIVATE", taken: "1", refused: "yes" },
  testOnly: { variable: "NEYNAR_HUB_URL", taken: "http://hub.example", refused: "hub.example" },
};

/** A fresh process: its own module instances, so its own cache, reading process.env as stubbed. */
async function freshProcess(): Promise<{ cfg: Config; schema: Schema }> {
  vi.resetModules();
  const [cfg, schema] = await Promise.all([import("@/lib/config"), import("@/lib/config/schema")]);
  return { cfg, schema };
}

/** What instrumentation.ts reads at start-up (config() through deps()). */
function startUp(cfg: Config) {
  cfg.headersConfig();
  cfg.publicOriginsConfig();
  cfg.siteConfig();
  cfg.config();
}

/** What proxy.ts reads on every page. */
function proxyReads(cfg: Config) {
  cfg.headersConfig();
  cfg.publicOriginsConfig();
}

const PROXY_SLICES: SliceName[] = ["headers", "platform", "farcaster", "testOnly", "links"];

beforeEach(() => {
  // The variables a developer's shell might carry must not decide these tests.
  for (const name of variableNames()) if (name !== "NODE_ENV") vi.stubEnv(name, undefined);
});
afterEach(() => {
  vi.unstubAllEnvs();
});

describe("the environment, slice by slice", () => {
  it("every slice has its boundary case here, or says why it cannot be malformed", async () => {
    const { schema } = await freshProcess();
    expect(Object.keys(BOUNDARIES).sort()).toEqual(Object.keys(schema.SLICES).sort());
  });

  for (const [slice, boundary] of Object.entries(BOUNDARIES)) {
    if (!boundary) continue;
    const { variable, taken, refused } = boundary;

    it(`${slice}: ${variable}=${taken} starts; ${variable}=${refused} stops start-up naming ${variable}`, async () => {
      vi.stubEnv(variable, taken);
      const started = (await freshProcess()).cfg;
      expect(() => startUp(started)).not.toThrow();
      vi.stubEnv(variable, refused);
      const { cfg } = await freshProcess();
      expect(() => startUp(cfg)).toThrow(cfg.ConfigError);
      expect(() => startUp(cfg)).toThrow(new RegExp(`^Invalid configuration: ${variable}(\\.\\d+)?: `));
    });

    if (!PROXY_SLICES.includes(slice as SliceName)) {
      it(`${slice}: a bad ${variable} leaves the pages' security headers and links standing`, async () => {
        vi.stubEnv(variable, refused);
        const { cfg } = await freshProcess();
        expect(() => proxyReads(cfg)).not.toThrow();
        expect(() => startUp(cfg)).toThrow(new RegExp(variable));
      });
    }
  }

  it("a number left empty, as Vercel and .env files leave an unset variable, is its default; a word is refused", async () => {
    vi.stubEnv("LEADERBOARD_SIZE", "");
    vi.stubEnv("NOTIFY_TIMEOUT_MS", " ");
    vi.stubEnv("NEYNAR_API_KEY", "key");
    const { cfg } = await freshProcess();
    expect(cfg.config().leaderboardSize).toBe(100);
    expect(cfg.config().notifications?.timeoutMs).toBe(5000);
    vi.stubEnv("LEADERBOARD_SIZE", "many");
    const again = await freshProcess();
    expect(() => again.cfg.config()).toThrow(/LEADERBOARD_SIZE/);
  });

  it("bad values in several slices are one error naming each of them", async () => {
    vi.stubEnv("STORE_TIMEOUT_MS", "99");
    vi.stubEnv("TRUST_PROXY", "10");
    const { cfg } = await freshProcess();
    expect(() => cfg.config()).toThrow(/STORE_TIMEOUT_MS: .*; TRUST_PROXY: /);
  });
});

describe("one cache", () => {
  it("each slice is parsed once per process, however many views read it and however often", async () => {
    vi.stubEnv("NEYNAR_API_KEY", "key");
    const { cfg, schema } = await freshProcess();
    const parses = Object.entries(schema.SLICES).map(([name, slice]) => [name, vi.spyOn(slice, "safeParse")] as const);
    for (let round = 0; round < 2; round++) startUp(cfg);
    expect(Object.fromEntries(parses.map(([name, spy]) => [name, spy.mock.calls.length]))).toEqual(
      Object.fromEntries(parses.map(([name]) => [name, 1])),
    );
  });

  it("each view is built once: a change to process.env after start-up is not seen until a restart", async () => {
    vi.stubEnv("LEADERBOARD_SIZE", "50");
    const { cfg } = await freshProcess();
    const first = cfg.config();
    const origins = cfg.publicOriginsConfig();
    vi.stubEnv("LEADERBOARD_SIZE", "60");
    vi.stubEnv("APP_URL", "https://elsewhere.example");
    expect(cfg.config()).toBe(first);
    expect(cfg.config().leaderboardSize).toBe(50);
    expect(cfg.publicOriginsConfig()).toBe(origins);
  });

  it("a slice that failed is read again, and fails again with the same message", async () => {
    vi.stubEnv("APP_SUBTITLE", "s".repeat(31));
    const { cfg } = await freshProcess();
    expect(() => cfg.siteConfig()).toThrow(/APP_SUBTITLE/);
    expect(() => cfg.siteConfig()).toThrow(/APP_SUBTITLE/);
  });
});

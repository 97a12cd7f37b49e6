/**
 * No secret ever reaches the browser: a production build made with known dummy values for every
 * secret the server reads, and none of those values anywhere in its client files (_next/static).
 * Next.js inlines only NEXT_PUBLIC_* into client code, and `server-only` keeps the modules that
 * read secrets out of it; this proves both on the real output. It builds into tmp/ (ignored by
 * git) so the build the other tests run against stays as it is; about two minutes on two cores.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const DIST_DIR = join("tmp", "bundle-check");
const dummy = (name: string) => `${name}-${randomBytes(12).toString("hex")}`;

const SECRETS = {
  SESSION_SECRET: dummy("session-secret"),
  ADMIN_TOKEN: dummy("admin-token"),
  KV_REST_API_TOKEN: dummy("kv-token"),
  UPSTASH_REDIS_REST_TOKEN: dummy("upstash-token"),
  REDIS_PASSWORD: dummy("redis-password"),
  NEYNAR_API_KEY: dummy("neynar-key"),
  CRON_SECRET: dummy("cron-secret"),
};

const PUBLIC_VALUE = dummy("public-project-id");

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

function build(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    let output = "";
    const child = spawn(process.execPath, ["node_modules/next/dist/bin/next", "build"], {
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

describe("the client bundle", () => {
  // `next build` with another distDir points next-env.d.ts at it; put the file back as it was.
  const nextEnv = existsSync("next-env.d.ts") ? readFileSync("next-env.d.ts", "utf8") : undefined;
  afterAll(() => {
    rmSync(DIST_DIR, { recursive: true, force: true });
    if (nextEnv !== undefined) writeFileSync("next-env.d.ts", nextEnv);
  });

  it("holds none of the secret values the build saw", async () => {
    const { code, output } = await build({
      REFBOARD_DIST_DIR: DIST_DIR,
      NEXT_TELEMETRY_DISABLED: "1",
      WALLET_AUTH: "siwe",
      SESSION_SECRET: SECRETS.SESSION_SECRET,
      ADMIN_TOKEN: SECRETS.ADMIN_TOKEN,
      KV_REST_API_URL: "https://kv.invalid",
      KV_REST_API_TOKEN: SECRETS.KV_REST_API_TOKEN,
      UPSTASH_REDIS_REST_TOKEN: SECRETS.UPSTASH_REDIS_REST_TOKEN,
      REDIS_URL: `redis://:${SECRETS.REDIS_PASSWORD}@redis.invalid:6379`,
      NEYNAR_API_KEY: SECRETS.NEYNAR_API_KEY,
      CRON_SECRET: SECRETS.CRON_SECRET,
      // The control: a public value the client does read, so the search below demonstrably finds inlined values.
      NEXT_PUBLIC_WALLETCONNECT_PROJECT_ID: PUBLIC_VALUE,
    });
    expect(code, output.slice(-3000)).toBe(0);
    const files = filesUnder(join(DIST_DIR, "static"));
    expect(files.filter((f) => f.endsWith(".js")).length).toBeGreaterThan(10);
    let publicSeen = false;
    for (const file of files) {
      const text = readFileSync(file, "latin1");
      publicSeen ||= text.includes(PUBLIC_VALUE);
      for (const [name, value] of Object.entries(SECRETS)) expect(text.includes(value), `${name} in ${file}`).toBe(false);
    }
    expect(publicSeen, "the NEXT_PUBLIC_ control value is in the client bundle").toBe(true);
  }, 600_000);
});

/**
 * No secret ever reaches the browser: the production build the other tests use was made with a
 * dummy value for every secret the server reads (tests/support/build-stamp.mjs, buildForTests, as
 * npm test and the tests' global setup build), and none of those values is anywhere in its client
 * files (.next/static). Next.js inlines only NEXT_PUBLIC_* into client code, and `server-only`
 * keeps the modules that read secrets out of it; this proves both on the real output.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readBuildSecrets } from "@/tests/support/build-stamp.mjs";

/** Every secret the server reads, by the name buildForTests records it under (REDIS_PASSWORD: inside REDIS_URL). */
const SECRET_NAMES = [
  "ADMIN_TOKEN",
  "CRON_SECRET",
  "KV_REST_API_TOKEN",
  "NEYNAR_API_KEY",
  "REDIS_PASSWORD",
  "SESSION_SECRET",
  "UPSTASH_REDIS_REST_TOKEN",
];

// The control: a string the client code holds (lib/client/visitor-id.ts keeps the visitor id under
// it), so the search below demonstrably finds what the client files carry.
const CLIENT_VALUE = "refboard:visitor-id";

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

describe("the client bundle", () => {
  it("holds none of the secret values the build saw", () => {
    const secrets = readBuildSecrets();
    expect(
      secrets,
      "the build in .next was not made with the dummy secrets (a plain `next build`, then REFBOARD_SKIP_BUILD=1): " +
        "run `npm test`, or this test without REFBOARD_SKIP_BUILD=1 so that its setup rebuilds",
    ).not.toBeNull();
    expect(Object.keys(secrets ?? {}).sort()).toEqual(SECRET_NAMES);
    const files = filesUnder(join(".next", "static"));
    expect(files.filter((f) => f.endsWith(".js")).length).toBeGreaterThan(10);
    let controlSeen = false;
    for (const file of files) {
      const text = readFileSync(file, "latin1");
      controlSeen ||= text.includes(CLIENT_VALUE);
      for (const [name, value] of Object.entries(secrets ?? {})) expect(text.includes(value), `${name} in ${file}`).toBe(false);
    }
    expect(controlSeen, "the control value is in the client bundle").toBe(true);
  });
});

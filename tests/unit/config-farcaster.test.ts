/**
 * The settings of Farcaster verification (lib/config): the social tasks' targets, the Neynar client's
 * settings and REFERRAL_QUALIFY=farcaster's minimum score, each at its limit and just past it.
 */
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "@/lib/config";

const KEY = { NEYNAR_API_KEY: "neynar-key" };
const HASH = "0x" + "Ab".repeat(20);

describe("Farcaster verification settings", () => {
  it("without targets every social task is self-attested, and no Neynar client without a key", () => {
    const cfg = parseConfig({});
    expect(cfg.socialTargets).toEqual({ followFid: undefined, castHash: undefined });
    expect(cfg.neynar).toBeNull();
    expect(parseConfig(KEY).neynar).toEqual({ apiKey: "neynar-key", baseUrl: "https://api.neynar.com", timeoutMs: 5_000 });
  });

  it("reads the targets: a fid from 1, a cast hash of exactly 20 bytes, lowercased", () => {
    expect(parseConfig({ ...KEY, FARCASTER_FOLLOW_FID: "1", FARCASTER_CAST_HASH: HASH }).socialTargets).toEqual({ followFid: 1, castHash: HASH.toLowerCase() });
    expect(() => parseConfig({ ...KEY, FARCASTER_FOLLOW_FID: "0" })).toThrow(/FARCASTER_FOLLOW_FID: must be a fid/);
    expect(() => parseConfig({ ...KEY, FARCASTER_FOLLOW_FID: "1.5" })).toThrow(/FARCASTER_FOLLOW_FID/);
    expect(() => parseConfig({ ...KEY, FARCASTER_CAST_HASH: HASH.slice(0, -1) })).toThrow(/FARCASTER_CAST_HASH: must be a cast hash/);
    expect(() => parseConfig({ ...KEY, FARCASTER_CAST_HASH: HASH + "a" })).toThrow(/FARCASTER_CAST_HASH/);
  });

  it("a target without NEYNAR_API_KEY stops start-up, naming the variables", () => {
    expect(() => parseConfig({ FARCASTER_FOLLOW_FID: "3" })).toThrow(
      new ConfigError("Invalid configuration: FARCASTER_FOLLOW_FID verify the Farcaster tasks through Neynar's API and need NEYNAR_API_KEY"),
    );
    expect(() => parseConfig({ FARCASTER_FOLLOW_FID: "3", FARCASTER_CAST_HASH: HASH })).toThrow(/FARCASTER_FOLLOW_FID and FARCASTER_CAST_HASH verify/);
    expect(() => parseConfig({ FARCASTER_CAST_HASH: HASH })).toThrow(/^Invalid configuration: FARCASTER_CAST_HASH verify/);
  });

  it("NEYNAR_API_URL (tests only) loses its trailing slash; NEYNAR_TIMEOUT_MS from 100 to 60000 ms", () => {
    expect(parseConfig({ ...KEY, NEYNAR_API_URL: "http://127.0.0.1:9/", NEYNAR_TIMEOUT_MS: "100" }).neynar).toEqual({
      apiKey: "neynar-key",
      baseUrl: "http://127.0.0.1:9",
      timeoutMs: 100,
    });
    expect(() => parseConfig({ ...KEY, NEYNAR_TIMEOUT_MS: "99" })).toThrow(/NEYNAR_TIMEOUT_MS/);
  });

  it("REFERRAL_QUALIFY=farcaster needs NEYNAR_API_KEY; QUALIFY_MIN_NEYNAR_SCORE is 0.5 by default, from 0 to 1", () => {
    expect(() => parseConfig({ REFERRAL_QUALIFY: "farcaster" })).toThrow(
      new ConfigError("Invalid configuration: REFERRAL_QUALIFY=farcaster reads Neynar user scores and needs NEYNAR_API_KEY"),
    );
    const rule = { ...KEY, REFERRAL_QUALIFY: "farcaster" };
    expect(parseConfig(rule).qualify).toMatchObject({ rule: "farcaster", minNeynarScore: 0.5 });
    expect(parseConfig({ ...rule, QUALIFY_MIN_NEYNAR_SCORE: "" }).qualify.minNeynarScore).toBe(0.5);
    for (const [value, score] of [["0", 0], ["1", 1], ["1.0", 1], ["0.999999", 0.999999], ["0.75", 0.75]] as const) {
      expect(parseConfig({ ...rule, QUALIFY_MIN_NEYNAR_SCORE: value }).qualify.minNeynarScore, value).toBe(score);
    }
    for (const value of ["1.000001", "1.1", "-0.1", "0.5.1", ".5", "0.1234567", "2"]) {
      expect(() => parseConfig({ ...rule, QUALIFY_MIN_NEYNAR_SCORE: value }), value).toThrow(/QUALIFY_MIN_NEYNAR_SCORE: must be a Neynar user score/);
    }
  });
});

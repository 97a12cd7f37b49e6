import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "@/lib/config";
import { DEFAULT_RETENTION_DAYS } from "@/lib/domain/analytics";
import { MAX_REMINDER_BATCH } from "@/lib/domain/notifications";

describe("configuration", () => {
  it("with nothing set, the embedded store under .data/ is used", () => {
    expect(parseConfig({}).store).toEqual({ kind: "sqlite", dataDir: ".data", retentionDays: DEFAULT_RETENTION_DAYS });
  });

  it("ANALYTICS_RETENTION_DAYS is the retention of whichever store is chosen", () => {
    const days = { ANALYTICS_RETENTION_DAYS: "30" };
    expect(parseConfig(days).store.retentionDays).toBe(30);
    expect(parseConfig({ ...days, REDIS_URL: "redis://127.0.0.1:6379" }).store.retentionDays).toBe(30);
    expect(parseConfig({ ...days, KV_REST_API_URL: "https://kv.example.com", KV_REST_API_TOKEN: "t" }).store.retentionDays).toBe(30);
    expect(() => parseConfig({ ANALYTICS_RETENTION_DAYS: "0" })).toThrow(ConfigError);
  });

  it("empty variables count as unset", () => {
    expect(parseConfig({ REDIS_URL: "", KV_REST_API_URL: " " }).store.kind).toBe("sqlite");
  });

  it("REDIS_URL selects Redis over TCP", () => {
    expect(parseConfig({ REDIS_URL: "redis://127.0.0.1:6379" }).store).toMatchObject({
      kind: "redis",
      url: "redis://127.0.0.1:6379",
      prefix: "refboard",
    });
  });

  it("Vercel KV variables select Upstash REST, ahead of REDIS_URL", () => {
    const cfg = parseConfig({
      KV_REST_API_URL: "https://kv.example.com",
      KV_REST_API_TOKEN: "t",
      REDIS_URL: "redis://127.0.0.1:6379",
    });
    expect(cfg.store).toMatchObject({ kind: "upstash", url: "https://kv.example.com", token: "t" });
  });

  it("Upstash's own variable names work too", () => {
    const cfg = parseConfig({ UPSTASH_REDIS_REST_URL: "https://u.example.com", UPSTASH_REDIS_REST_TOKEN: "t" });
    expect(cfg.store.kind).toBe("upstash");
  });

  it("a REST URL without a token is a clear error", () => {
    expect(() => parseConfig({ KV_REST_API_URL: "https://kv.example.com" })).toThrow(/both a REST URL and a token/);
  });

  it("a store URL of the wrong kind is a configuration error naming the variable", () => {
    expect(() => parseConfig({ REDIS_URL: "notaurl" })).toThrow(/REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/);
    expect(() => parseConfig({ REDIS_URL: "https://kv.example.com" })).toThrow(ConfigError);
    expect(() => parseConfig({ KV_REST_API_URL: "kv.example.com", KV_REST_API_TOKEN: "t" })).toThrow(/KV_REST_API_URL: must be an https:\/\/ URL/);
    expect(() => parseConfig({ UPSTASH_REDIS_REST_URL: "redis://u.example.com", UPSTASH_REDIS_REST_TOKEN: "t" })).toThrow(ConfigError);
    expect(parseConfig({ REDIS_URL: "rediss://user:pw@redis.example.com:6380/2" }).store.kind).toBe("redis");
  });

  it("on Vercel with no store configured, start-up fails with a clear message", () => {
    expect(() => parseConfig({ VERCEL: "1" })).toThrow(ConfigError);
    expect(() => parseConfig({ VERCEL: "1" })).toThrow(/Vercel KV/);
  });

  it("a malformed APP_URL fails the whole configuration, naming the variable", () => {
    expect(() => parseConfig({ APP_URL: "not a url" })).toThrow(ConfigError);
    expect(() => parseConfig({ APP_URL: "https://a.example, ftp://b.example" })).toThrow(/APP_URL\.1: each entry must be an http:\/\/ or https:\/\/ URL/);
  });

  it("the chain is configured by RPC_URL, with the default stake-ids function", () => {
    expect(parseConfig({}).chain).toBeUndefined();
    const cfg = parseConfig({ RPC_URL: "http://127.0.0.1:8545", NFT_CONTRACT: "0x" + "Ab".repeat(20), CHAIN_ID: "31337" });
    expect(cfg.chain).toMatchObject({
      chainId: 31337,
      nftContract: "0x" + "ab".repeat(20),
      stakeIdsFunction: "function getUserStakeIds(address) view returns (uint256[])",
      timeoutMs: 5000,
    });
  });

  it("REFERRAL_QUALIFY is none unless set; its on-chain rules need RPC_URL; the thresholds are checked", () => {
    expect(parseConfig({}).qualify).toEqual({ rule: "none", onchain: { minTx: 1, minBalanceWei: null }, minNeynarScore: 0.5 });
    expect(parseConfig({ REFERRAL_QUALIFY: "checkin" }).qualify.rule).toBe("checkin");
    const rpc = { RPC_URL: "http://127.0.0.1:8545", NFT_CONTRACT: "0x" + "1".repeat(40) };
    expect(parseConfig({ ...rpc, REFERRAL_QUALIFY: "onchain", QUALIFY_MIN_TX: "3", QUALIFY_MIN_BALANCE_WEI: "10000000000000000" }).qualify).toEqual({
      rule: "onchain",
      onchain: { minTx: 3, minBalanceWei: 10_000_000_000_000_000n },
      minNeynarScore: 0.5,
    });
    expect(parseConfig({ ...rpc, REFERRAL_QUALIFY: "nft_mint" }).qualify.rule).toBe("nft_mint");
    expect(() => parseConfig({ REFERRAL_QUALIFY: "onchain" })).toThrow(/REFERRAL_QUALIFY=onchain reads the chain and needs RPC_URL/);
    expect(() => parseConfig({ REFERRAL_QUALIFY: "nft_mint" })).toThrow(/needs RPC_URL/);
    expect(() => parseConfig({ REFERRAL_QUALIFY: "social" })).toThrow(/REFERRAL_QUALIFY/);
    expect(() => parseConfig({ QUALIFY_MIN_TX: "0" })).toThrow(/QUALIFY_MIN_TX/);
    expect(() => parseConfig({ QUALIFY_MIN_BALANCE_WEI: "0.5" })).toThrow(/QUALIFY_MIN_BALANCE_WEI/);
    expect(() => parseConfig({ QUALIFY_MIN_BALANCE_WEI: "0" })).toThrow(/QUALIFY_MIN_BALANCE_WEI/);
  });

  it("seasons are on with both SEASON_LENGTH_DAYS and SEASON_START, for every store; one alone or a bad value is refused", () => {
    expect(parseConfig({}).store.seasons).toBeUndefined();
    const weekly = { SEASON_LENGTH_DAYS: "7", SEASON_START: "2026-12-01" };
    expect(parseConfig(weekly).store.seasons).toEqual({ startDay: Date.UTC(2026, 11, 1) / 86_400_000, lengthDays: 7 });
    expect(parseConfig({ ...weekly, REDIS_URL: "redis://127.0.0.1:6379" }).store.seasons?.lengthDays).toBe(7);
    expect(() => parseConfig({ SEASON_LENGTH_DAYS: "7" })).toThrow(/both SEASON_LENGTH_DAYS and SEASON_START/);
    expect(() => parseConfig({ SEASON_START: "2026-12-01" })).toThrow(/both SEASON_LENGTH_DAYS and SEASON_START/);
    expect(() => parseConfig({ ...weekly, SEASON_START: "2026-02-30" })).toThrow(/SEASON_START: not a date/);
    expect(() => parseConfig({ ...weekly, SEASON_START: "1 Dec 2026" })).toThrow(/SEASON_START/);
    expect(() => parseConfig({ ...weekly, SEASON_LENGTH_DAYS: "0" })).toThrow(/SEASON_LENGTH_DAYS/);
    expect(() => parseConfig({ ...weekly, SEASON_LENGTH_DAYS: "367" })).toThrow(/SEASON_LENGTH_DAYS/);
    expect(parseConfig({}).streamSeconds).toBe(290);
    expect(() => parseConfig({ LEADERBOARD_STREAM_SECONDS: "300" })).toThrow(/LEADERBOARD_STREAM_SECONDS/);
  });

  it("Farcaster notifications are on with NEYNAR_API_KEY, every kind unless turned off; bad values are refused by name", () => {
    expect(parseConfig({ CRON_SECRET: "x".repeat(16) }).notifications).toBeNull();
    expect(parseConfig({ NEYNAR_API_KEY: "key" }).notifications).toEqual({
      neynarApiKey: "key",
      hubUrl: "https://hub-api.neynar.com",
      quickAuthOrigin: "https://auth.farcaster.xyz",
      kinds: ["referral", "checkin"],
      cronSecret: undefined,
      batch: 1_000,
      timeoutMs: 5_000,
    });
    const on = { NEYNAR_API_KEY: "key", CRON_SECRET: "s".repeat(16), NOTIFICATIONS_OFF: "checkin", NEYNAR_HUB_URL: "http://127.0.0.1:9/" };
    expect(parseConfig(on).notifications).toMatchObject({ kinds: ["referral"], cronSecret: "s".repeat(16), hubUrl: "http://127.0.0.1:9" });
    expect(() => parseConfig({ ...on, CRON_SECRET: "short" })).toThrow(/CRON_SECRET/);
    expect(() => parseConfig({ ...on, NOTIFICATIONS_OFF: "checkin,top10" })).toThrow(/NOTIFICATIONS_OFF/);
    expect(() => parseConfig({ ...on, QUICK_AUTH_ORIGIN: "auth.farcaster.xyz" })).toThrow(/QUICK_AUTH_ORIGIN/);
  });

  it("a reminder run takes the most subscribers one store call allows: a constant, not a setting", () => {
    const on = { NEYNAR_API_KEY: "key" };
    expect(parseConfig(on).notifications?.batch).toBe(MAX_REMINDER_BATCH);
    expect(parseConfig({ ...on, NOTIFY_BATCH: "250" }).notifications?.batch).toBe(MAX_REMINDER_BATCH);
  });

  it("a malformed contract address or leaderboard size is refused by name", () => {
    expect(() => parseConfig({ NFT_CONTRACT: "0x123" })).toThrow(/NFT_CONTRACT/);
    expect(() => parseConfig({ LEADERBOARD_SIZE: "0" })).toThrow(/LEADERBOARD_SIZE/);
    expect(parseConfig({ LEADERBOARD_SIZE: "250" }).leaderboardSize).toBe(250);
  });
});

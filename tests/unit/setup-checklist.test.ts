import { describe, expect, it } from "vitest";
import { parseConfig, parseHeadersConfig, parsePublicOrigins, parseSiteConfig } from "@/lib/config";
import { setupChecklist, type SetupItemId } from "@/lib/domain/setup-checklist";

/** The list as the console computes it: from an environment through the real parsers. */
function checklistOf(env: Record<string, string>) {
  return setupChecklist({ config: parseConfig(env), site: parseSiteConfig(env), headers: parseHeadersConfig(env), origins: parsePublicOrigins(env) });
}

const missingOf = (env: Record<string, string>) => Object.fromEntries(checklistOf(env).map((item) => [item.id, item.missing]));

const missingOne = (env: Record<string, string>, id: SetupItemId) => missingOf(env)[id];

/** A deployment with everything a campaign needs. */
const COMPLETE: Record<string, string> = {
  APP_URL: "https://app.example.com",
  KV_REST_API_URL: "https://kv.example.com",
  KV_REST_API_TOKEN: "kv-token",
  NEXT_PUBLIC_WALLETCONNECT_PROJECT_ID: "wc-project",
  TASK_ADD_MINIAPP_URL: "https://farcaster.xyz/miniapps/abc/refboard",
  TASK_FC_FOLLOW_URL: "https://farcaster.xyz/refboard",
  TASK_FC_LIKE_RECAST_URL: "https://farcaster.xyz/refboard/0x1234",
  TASK_FC_COMMENT_URL: "https://farcaster.xyz/refboard/0x5678",
  RPC_URL: "https://rpc.example.com",
  NFT_CONTRACT: "0x1111111111111111111111111111111111111111",
  FARCASTER_HEADER: "fc-header-value",
  FARCASTER_PAYLOAD: "fc-payload-value",
  FARCASTER_SIGNATURE: "fc-signature-value",
  NEYNAR_API_KEY: "neynar-key",
  CRON_SECRET: "cron-secret-0123456789",
};

describe("the console's setup checklist", () => {
  it("with nothing set, every item is missing, each naming what to set", () => {
    expect(missingOf({})).toEqual({
      "app-url": ["APP_URL"],
      store: ["KV_REST_API_URL", "KV_REST_API_TOKEN"],
      walletconnect: ["NEXT_PUBLIC_WALLETCONNECT_PROJECT_ID"],
      "task-urls": ["TASK_ADD_MINIAPP_URL", "TASK_FC_FOLLOW_URL", "TASK_FC_LIKE_RECAST_URL", "TASK_FC_COMMENT_URL"],
      nft: ["RPC_URL"],
      "account-association": ["FARCASTER_HEADER", "FARCASTER_PAYLOAD", "FARCASTER_SIGNATURE"],
      cron: ["NEYNAR_API_KEY"],
    });
  });

  it("with everything set, nothing is missing", () => {
    expect(checklistOf(COMPLETE).every((item) => item.missing.length === 0)).toBe(true);
  });

  it("names settings and what they change, never a value", () => {
    const page = JSON.stringify(checklistOf(COMPLETE));
    for (const [name, value] of Object.entries(COMPLETE)) {
      // The public URLs a task opens are no secret, but the list has no use for them either.
      expect(page, name).not.toContain(value);
    }
    for (const item of checklistOf({})) {
      expect(item.title).not.toBe("");
      expect(item.effect).toMatch(/^[A-Z].*\.$/);
      expect(item.effect.split("\n")).toHaveLength(1);
    }
  });

  it("Vercel's deployment URLs are no APP_URL", () => {
    expect(missingOne({ VERCEL: "1", VERCEL_URL: "app-git.vercel.app", REDIS_URL: "redis://127.0.0.1:6379" }, "app-url")).toEqual(["APP_URL"]);
  });

  it("Redis over TCP is a shared store as much as Vercel KV", () => {
    expect(missingOne({ REDIS_URL: "redis://127.0.0.1:6379" }, "store")).toEqual([]);
    expect(missingOne({ UPSTASH_REDIS_REST_URL: "https://u.example.com", UPSTASH_REDIS_REST_TOKEN: "t" }, "store")).toEqual([]);
  });

  it("a task URL set to its default page, with or without a trailing slash, counts as unset", () => {
    const taskUrls = (urls: Record<string, string>) => missingOne({ ...COMPLETE, ...urls }, "task-urls");
    expect(taskUrls({ TASK_FC_FOLLOW_URL: "https://farcaster.xyz" })).toEqual(["TASK_FC_FOLLOW_URL"]);
    expect(taskUrls({ TASK_FC_LIKE_RECAST_URL: "https://farcaster.xyz/" })).toEqual(["TASK_FC_LIKE_RECAST_URL"]);
    expect(taskUrls({ TASK_ADD_MINIAPP_URL: "https://farcaster.xyz/miniapps/" })).toEqual(["TASK_ADD_MINIAPP_URL"]);
    // One step past the default is a page of the campaign's own.
    expect(taskUrls({ TASK_FC_COMMENT_URL: "https://farcaster.xyz/~" })).toEqual([]);
    expect(taskUrls({ TASK_ADD_MINIAPP_URL: "https://farcaster.xyz/miniapps/x" })).toEqual([]);
    expect(taskUrls({ TASK_FC_FOLLOW_URL: "https://warpcast.com" })).toEqual([]);
  });

  it("the NFT check needs an RPC and a contract, an NFT or a staking one", () => {
    const { NFT_CONTRACT, ...withoutNft } = COMPLETE;
    expect(missingOne(withoutNft, "nft")).toEqual(["NFT_CONTRACT"]);
    expect(missingOne({ ...withoutNft, STAKING_CONTRACT: NFT_CONTRACT! }, "nft")).toEqual([]);
    const { RPC_URL: _rpc, ...withoutRpc } = COMPLETE;
    expect(missingOne(withoutRpc, "nft")).toEqual(["RPC_URL"]);
  });

  it("the reminders need CRON_SECRET once notifications are on", () => {
    const { CRON_SECRET: _secret, ...withoutSecret } = COMPLETE;
    expect(missingOne(withoutSecret, "cron")).toEqual(["CRON_SECRET"]);
    const { NEYNAR_API_KEY: _key, ...withoutNotifications } = COMPLETE;
    expect(missingOne(withoutNotifications, "cron")).toEqual(["NEYNAR_API_KEY"]);
  });

  it("WalletConnect and the account association are each done when set", () => {
    const { NEXT_PUBLIC_WALLETCONNECT_PROJECT_ID: _wc, FARCASTER_HEADER: _h, FARCASTER_PAYLOAD: _p, FARCASTER_SIGNATURE: _s, ...rest } = COMPLETE;
    expect(missingOne(rest, "walletconnect")).toEqual(["NEXT_PUBLIC_WALLETCONNECT_PROJECT_ID"]);
    expect(missingOne(rest, "account-association")).toEqual(["FARCASTER_HEADER", "FARCASTER_PAYLOAD", "FARCASTER_SIGNATURE"]);
  });
});

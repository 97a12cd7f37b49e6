// lib/farcaster/neynar against the local Neynar stand-in: each check true and false, the requests it
// sends (endpoint, parameters, key), and every way Neynar can fail: a refused key, a 5xx, no answer.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createNeynarClient, MAX_REPLY_PAGES, NeynarError, REPLY_PAGE_SIZE, type NeynarClient } from "@/lib/farcaster/neynar";
import { startNeynarStandIn, type NeynarStandIn } from "@/tests/support/neynar-stand-in";

const TEAM = 3;
const USER = 42;
const CAST = "0x9288c1e862aa72bd69d0e383a28b9a76b63cbdb4";
const OTHER_CAST = "0x1111111111111111111111111111111111111111";

let neynar: NeynarStandIn;
let client: NeynarClient;

beforeAll(async () => {
  neynar = await startNeynarStandIn();
});

afterAll(async () => {
  await neynar?.stop();
});

beforeEach(() => {
  neynar.set({});
  neynar.failWith(undefined);
  neynar.hang(false);
  neynar.garble(false);
  neynar.requests().length = 0;
  client = createNeynarClient({ apiKey: neynar.apiKey, baseUrl: neynar.url, timeoutMs: 2_000 });
});

const lastRequest = () => neynar.requests().at(-1);

describe("follows", () => {
  it("is verified when the user follows the target, via user/bulk with viewer_fid and the key", async () => {
    neynar.set({ follows: [[USER, TEAM]], scores: { [TEAM]: 0.9, [USER]: 0.5 } });
    expect(await client.follows(USER, TEAM)).toEqual({ verified: true });
    expect(lastRequest()).toMatchObject({
      path: "/v2/farcaster/user/bulk",
      query: { fids: String(TEAM), viewer_fid: String(USER) },
      headers: { "x-api-key": neynar.apiKey },
    });
    expect(lastRequest()?.headers["x-neynar-experimental"]).toBeUndefined();
  });

  it("is not verified when only the target follows the user", async () => {
    neynar.set({ follows: [[TEAM, USER]], scores: { [TEAM]: 0.9, [USER]: 0.5 } });
    expect(await client.follows(USER, TEAM)).toEqual({ verified: false, reason: `fid ${USER} does not follow fid ${TEAM}` });
  });

  it("is not verified, with a reason, when the target fid does not exist", async () => {
    expect(await client.follows(USER, 999_999)).toEqual({ verified: false, reason: "Farcaster has no fid 999999" });
  });
});

describe.each(["like", "recast"] as const)("reacted: %s", (reaction) => {
  const list = reaction === "like" ? "likes" : "recasts";
  const other = reaction === "like" ? "recasts" : "likes";

  it("is verified when the user did it, via cast?type=hash with viewer_fid", async () => {
    neynar.set({ casts: [CAST], [list]: [[USER, CAST]] });
    expect(await client.reacted(USER, CAST, reaction)).toEqual({ verified: true });
    expect(lastRequest()).toMatchObject({ path: "/v2/farcaster/cast", query: { identifier: CAST, type: "hash", viewer_fid: String(USER) } });
  });

  it("is not verified when the user only did the other reaction, or did it to another cast", async () => {
    neynar.set({ casts: [CAST, OTHER_CAST], [other]: [[USER, CAST]], [list]: [[USER, OTHER_CAST], [TEAM, CAST]] });
    const verdict = await client.reacted(USER, CAST, reaction);
    expect(verdict.verified).toBe(false);
    expect(verdict.reason).toMatch(reaction === "like" ? /has not liked/ : /has not recast/);
  });

  it("an unknown cast is not verified (404), not a Neynar failure", async () => {
    expect(await client.reacted(USER, CAST, reaction)).toEqual({ verified: false, reason: `cast ${CAST} not found` });
  });
});

describe("replied", () => {
  it("is verified by a reply among the user's latest replies, matched on parent_hash", async () => {
    neynar.set({ replies: [{ fid: USER, parentHash: OTHER_CAST }, { fid: USER, parentHash: CAST.toUpperCase().replace("0X", "0x") }] });
    expect(await client.replied(USER, CAST)).toEqual({ verified: true });
    expect(lastRequest()).toMatchObject({
      path: "/v2/farcaster/feed/user/replies_and_recasts",
      query: { fid: String(USER), filter: "replies", limit: String(REPLY_PAGE_SIZE) },
    });
  });

  it("is not verified when only someone else replied", async () => {
    neynar.set({ replies: [{ fid: TEAM, parentHash: CAST }, { fid: USER, parentHash: OTHER_CAST }] });
    expect(await client.replied(USER, CAST)).toMatchObject({ verified: false });
  });

  it("follows the cursor to the last page it looks at, and no further", async () => {
    const older = (n: number) => Array.from({ length: n }, () => ({ fid: USER, parentHash: OTHER_CAST }));
    const looked = MAX_REPLY_PAGES * REPLY_PAGE_SIZE;
    neynar.set({ replies: [...older(looked - 1), { fid: USER, parentHash: CAST }] });
    expect(await client.replied(USER, CAST)).toEqual({ verified: true });
    expect(neynar.requests()).toHaveLength(MAX_REPLY_PAGES);

    neynar.requests().length = 0;
    neynar.set({ replies: [...older(looked), { fid: USER, parentHash: CAST }] });
    expect(await client.replied(USER, CAST)).toMatchObject({ verified: false });
    expect(neynar.requests()).toHaveLength(MAX_REPLY_PAGES);
  });
});

describe("channels", () => {
  it("channelMember is verified for a member, via channel/member/list with channel_id and fid", async () => {
    neynar.set({ channels: ["base"], channelMembers: [[USER, "base"]] });
    expect(await client.channelMember(USER, "base")).toEqual({ verified: true });
    expect(lastRequest()).toMatchObject({ path: "/v2/farcaster/channel/member/list", query: { channel_id: "base", fid: String(USER) } });
  });

  it("channelMember is not verified for a member of another channel", async () => {
    neynar.set({ channels: ["base", "neynar"], channelMembers: [[USER, "neynar"], [TEAM, "base"]] });
    expect(await client.channelMember(USER, "base")).toEqual({ verified: false, reason: `fid ${USER} is not a member of /base` });
  });

  it("followsChannel is verified for a follower, via channel?id with viewer_fid", async () => {
    neynar.set({ channels: ["base"], channelFollowers: [[USER, "base"]] });
    expect(await client.followsChannel(USER, "base")).toEqual({ verified: true });
    expect(lastRequest()).toMatchObject({ path: "/v2/farcaster/channel", query: { id: "base", type: "id", viewer_fid: String(USER) } });
  });

  it("followsChannel is not verified for a non-follower, nor for a channel that does not exist", async () => {
    neynar.set({ channels: ["base"], channelFollowers: [[TEAM, "base"]] });
    expect(await client.followsChannel(USER, "base")).toMatchObject({ verified: false });
    expect(await client.followsChannel(USER, "nope")).toEqual({ verified: false, reason: "channel /nope not found" });
  });
});

describe("userScore", () => {
  it("reads the user's score, asking with x-neynar-experimental", async () => {
    neynar.set({ scores: { [USER]: 0.73 } });
    expect(await client.userScore(USER)).toBe(0.73);
    expect(lastRequest()).toMatchObject({ path: "/v2/farcaster/user/bulk", query: { fids: String(USER) } });
    expect(lastRequest()?.headers["x-neynar-experimental"]).toBe("true");
  });

  it("reads experimental.neynar_user_score where the user object has no top-level score (the v2 spec of Feb 2025)", async () => {
    const standIn = await startNeynarStandIn({ topLevelScore: false });
    try {
      standIn.set({ scores: { [USER]: 0.5 } });
      const older = createNeynarClient({ apiKey: standIn.apiKey, baseUrl: standIn.url, timeoutMs: 2_000 });
      expect(await older.userScore(USER)).toBe(0.5);
    } finally {
      await standIn.stop();
    }
  });

  it("is null for a fid Neynar does not know", async () => {
    expect(await client.userScore(USER)).toBeNull();
  });
});

describe("Neynar failures are NeynarError, never 'not verified'", () => {
  const everyCheck = (c: NeynarClient) => [
    () => c.follows(USER, TEAM),
    () => c.reacted(USER, CAST, "like"),
    () => c.replied(USER, CAST),
    () => c.channelMember(USER, "base"),
    () => c.followsChannel(USER, "base"),
    () => c.userScore(USER),
  ];

  it("a bad API key: 401 from every endpoint", async () => {
    const badKey = createNeynarClient({ apiKey: "wrong", baseUrl: neynar.url, timeoutMs: 2_000 });
    for (const check of everyCheck(badKey)) {
      await expect(check()).rejects.toThrow(NeynarError);
    }
    await expect(badKey.userScore(USER)).rejects.toThrow("answered 401: Invalid API key");
  });

  it("a 5xx from every endpoint, 404-tolerant lookups included", async () => {
    neynar.failWith(503);
    for (const check of everyCheck(client)) {
      await expect(check()).rejects.toThrow(/answered 503/);
    }
  });

  it("no answer within the timeout", async () => {
    neynar.hang(true);
    const quick = createNeynarClient({ apiKey: neynar.apiKey, baseUrl: neynar.url, timeoutMs: 150 });
    for (const check of everyCheck(quick)) {
      await expect(check()).rejects.toThrow(/no answer within 150 ms/);
    }
  });

  it("an answer of another shape", async () => {
    neynar.garble(true);
    for (const check of everyCheck(client)) {
      await expect(check()).rejects.toThrow(/outside its documented shape/);
    }
  });

  it("a Neynar that cannot be reached", async () => {
    const standIn = await startNeynarStandIn();
    await standIn.stop();
    const gone = createNeynarClient({ apiKey: standIn.apiKey, baseUrl: standIn.url, timeoutMs: 2_000 });
    for (const check of everyCheck(gone)) {
      await expect(check()).rejects.toThrow(NeynarError);
    }
  });
});

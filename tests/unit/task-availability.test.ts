import { describe, expect, it } from "vitest";
import {
  PLACEHOLDER_TASK_URLS,
  isPlaceholderTaskUrl,
  offeredTaskIds,
  taskAvailability,
  type TaskSetup,
} from "@/lib/domain/task-availability";
import { TASK_IDS } from "@/lib/domain/tasks";

const NFT = "0x00000000000000000000000000000000000000aa";

/** A deployment with every quest set up: a chain with the NFT contract and a target per social task. */
const SET_UP: TaskSetup = {
  chain: { nftContract: NFT },
  taskUrls: {
    add_miniapp: "https://farcaster.xyz/miniapps/abc123/refboard",
    fc_follow: "https://farcaster.xyz/refboard",
    fc_like_recast: "https://farcaster.xyz/refboard/0x1234abcd",
    fc_comment: "https://farcaster.xyz/refboard/0x1234abcd",
  },
};

/** A deployment with nothing set: no RPC_URL, every TASK_*_URL at its default. */
const DEFAULT: TaskSetup = { taskUrls: PLACEHOLDER_TASK_URLS };

describe("quests a deployment offers", () => {
  it("a deployment with every quest set up offers all 11, everywhere", () => {
    const availability = taskAvailability(SET_UP);
    expect(Object.keys(availability)).toEqual([...TASK_IDS]);
    expect(Object.values(availability).every((a) => a === "offered")).toBe(true);
    expect(offeredTaskIds(availability, false)).toEqual([...TASK_IDS]);
  });

  it("nft_mint is not offered without RPC_URL: its verification could never pass", () => {
    expect(taskAvailability({ ...SET_UP, chain: undefined }).nft_mint).toBe("not-offered");
  });

  it("nft_mint needs a contract to read besides the RPC: the NFT contract, the staking contract, or both", () => {
    expect(taskAvailability({ ...SET_UP, chain: {} }).nft_mint).toBe("not-offered");
    expect(taskAvailability({ ...SET_UP, chain: { nftContract: NFT } }).nft_mint).toBe("offered");
    expect(taskAvailability({ ...SET_UP, chain: { stakingContract: NFT } }).nft_mint).toBe("offered");
    expect(taskAvailability({ ...SET_UP, chain: { nftContract: NFT, stakingContract: NFT } }).nft_mint).toBe("offered");
  });

  it("a social task whose target is a placeholder is not offered; each is judged by its own URL", () => {
    const availability = taskAvailability({ ...SET_UP, taskUrls: { ...SET_UP.taskUrls, fc_follow: PLACEHOLDER_TASK_URLS.fc_follow } });
    expect(availability.fc_follow).toBe("not-offered");
    expect(availability.fc_like_recast).toBe("offered");
    expect(availability.fc_comment).toBe("offered");
  });

  it("add_miniapp with its placeholder is offered only inside a Farcaster client, where the client adds the app itself", () => {
    const availability = taskAvailability({ ...SET_UP, taskUrls: { ...SET_UP.taskUrls, add_miniapp: PLACEHOLDER_TASK_URLS.add_miniapp } });
    expect(availability.add_miniapp).toBe("in-farcaster");
    expect(offeredTaskIds(availability, false)).not.toContain("add_miniapp");
    expect(offeredTaskIds(availability, true)).toContain("add_miniapp");
  });

  it("a default deployment offers the daily check-in and the 5 referral milestones; add_miniapp too inside Farcaster", () => {
    const availability = taskAvailability(DEFAULT);
    const always = ["daily_checkin", "referral", "referral_milestone_5", "referral_milestone_10", "referral_milestone_30", "referral_milestone_50"];
    expect(offeredTaskIds(availability, false)).toEqual(always);
    expect(offeredTaskIds(availability, true)).toEqual(["daily_checkin", "add_miniapp", ...always.slice(1)]);
  });

  it("a placeholder is recognised however it is spelt; an account, a cast or an app under it is a real target", () => {
    for (const url of [
      "https://farcaster.xyz",
      "https://farcaster.xyz/",
      "http://farcaster.xyz",
      "https://FARCASTER.xyz/?utm_source=refboard",
      "https://farcaster.xyz/miniapps",
      "https://farcaster.xyz/miniapps/",
      "https://farcaster.xyz/miniapps#top",
    ]) {
      expect(isPlaceholderTaskUrl(url), url).toBe(true);
    }
    for (const url of [
      "https://farcaster.xyz/refboard",
      "https://farcaster.xyz/refboard/0x1234abcd",
      "https://farcaster.xyz/miniapps/abc123/refboard",
      "https://www.farcaster.xyz/refboard",
      // One character past a placeholder page is another page: the match is the whole page, not a prefix.
      "https://farcaster.xyz/~",
      "https://farcaster.xyz/miniapps/x",
      "https://farcaster.xyz/miniappsx",
      "not a url",
    ]) {
      expect(isPlaceholderTaskUrl(url), url).toBe(false);
    }
  });
});

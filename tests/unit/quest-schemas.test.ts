import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyQuestPatch,
  completeQuestBody,
  publicQuestOf,
  questFileSchema,
  questPatchBody,
  questSchema,
  questsResponse,
  type Quest,
} from "@/lib/contract/quest-schemas";

const ADDRESS = "0x" + "Ab".repeat(20);
const HASH = "0x" + "cD".repeat(20);
const BALANCE_OF = "function balanceOf(address) view returns (uint256)";

/** One valid quest of each type. */
const VALID: Record<string, unknown> = {
  visit: { url: "https://example.com/blog" },
  quiz: { question: "2 + 2?", options: ["3", "4"], answer: 1 },
  erc20_balance: { token: ADDRESS, min: "100" },
  erc721_balance: { contract: ADDRESS, min: 1 },
  tx_count: { min: 1 },
  contract_read: { contract: ADDRESS, signature: BALANCE_OF, args: ["{wallet}"], comparator: "gte", value: "1" },
  farcaster_follow: { fid: 3 },
  farcaster_reaction: { castHash: HASH, kind: "recast" },
  farcaster_reply: { castHash: HASH },
  farcaster_channel: { channelId: "base" },
  farcaster_score: { min: 0.5 },
};

function questOf(type: string, params: unknown, over: Record<string, unknown> = {}) {
  return { id: "q-1", title: "A quest", type, params, points: 10, ...over };
}

/** The first error message of a quest, as the route's 400 would say it; null when valid. */
function errorOf(type: string, params: unknown, over: Record<string, unknown> = {}): string | null {
  const result = questSchema.safeParse(questOf(type, params, over));
  return result.success ? null : (result.error.issues[0]?.message ?? "?");
}

function parsed(type: string, params: unknown = VALID[type], over: Record<string, unknown> = {}): Quest {
  return questSchema.parse(questOf(type, params, over));
}

describe("a quest as stored", () => {
  it("one valid quest of every type parses, with defaults for description, recurrence and archived", () => {
    for (const [type, params] of Object.entries(VALID)) expect(errorOf(type, params), type).toBeNull();
    expect(parsed("visit")).toMatchObject({ description: "", recurrence: "once", archived: false });
  });

  it("an unknown type, or params missing, names the field", () => {
    expect(errorOf("mint", {})).toMatch(/^Invalid type: must be one of visit, quiz, /);
    expect(errorOf("visit", undefined)).toBe("Invalid params: must be an object");
    expect(errorOf("visit", [])).toBe("Invalid params: must be an object");
  });

  it("points are whole numbers from 0", () => {
    expect(errorOf("visit", VALID.visit, { points: 0 })).toBeNull();
    expect(errorOf("visit", VALID.visit, { points: 1 })).toBeNull();
    expect(errorOf("visit", VALID.visit, { points: -1 })).toBe("Invalid points: must be a whole number from 0 to 1000000");
    expect(errorOf("visit", VALID.visit, { points: 1.5 })).toBe("Invalid points: must be a whole number from 0 to 1000000");
    expect(errorOf("visit", VALID.visit, { points: "1" })).toBe("Invalid points: must be a whole number from 0 to 1000000");
  });

  it("the id is a slug", () => {
    expect(errorOf("visit", VALID.visit, { id: "Follow_Us" })).toMatch(/^Invalid id: a slug/);
  });

  it("endsAt must be after startsAt: equal is refused, one second later is fine", () => {
    const startsAt = "2026-03-01T00:00:00Z";
    expect(errorOf("visit", VALID.visit, { startsAt, endsAt: startsAt })).toBe("Invalid endsAt: must be after startsAt");
    expect(errorOf("visit", VALID.visit, { startsAt, endsAt: "2026-03-01T00:00:01Z" })).toBeNull();
    expect(errorOf("visit", VALID.visit, { startsAt, endsAt: "2026-03-01T01:00:00+02:00" })).toBe("Invalid endsAt: must be after startsAt");
    expect(errorOf("visit", VALID.visit, { startsAt: "2026-03-01" })).toMatch(/^Invalid startsAt: must be an ISO 8601 date and time/);
  });

  it("recurrence is once, daily or weekly", () => {
    expect(errorOf("visit", VALID.visit, { recurrence: "weekly" })).toBeNull();
    expect(errorOf("visit", VALID.visit, { recurrence: "hourly" })).toBe("Invalid recurrence: must be one of once, daily, weekly");
  });
});

describe("each type's params at their boundaries", () => {
  it("visit: an http or https URL", () => {
    expect(errorOf("visit", { url: "http://example.com" })).toBeNull();
    for (const url of ["ftp://example.com", "javascript:alert(1)", "example.com", 5]) {
      expect(errorOf("visit", { url }), String(url)).toBe("Invalid params.url: must be an http or https URL");
    }
  });

  it("quiz: 2 to 10 distinct, non-empty options", () => {
    const options = (n: number) => Array.from({ length: n }, (_, i) => `option ${i}`);
    const quiz = (opts: string[], answer = 0) => errorOf("quiz", { question: "?", options: opts, answer });
    const invalid = "Invalid params.options: 2 to 10 distinct options, each 1 to 200 characters";
    expect(quiz(options(1))).toBe(invalid);
    expect(quiz(options(2))).toBeNull();
    expect(quiz(options(10))).toBeNull();
    expect(quiz(options(11))).toBe(invalid);
    expect(quiz(["yes", "yes"])).toBe(invalid);
    expect(quiz(["yes", " "])).toMatch(/^Invalid params.options: 1 to 200 characters/);
  });

  it("quiz: the answer is an index into the options; options.length is not", () => {
    const quiz = (answer: unknown) => errorOf("quiz", { question: "?", options: ["a", "b", "c"], answer });
    expect(quiz(0)).toBeNull();
    expect(quiz(2)).toBeNull();
    expect(quiz(3)).toBe("Invalid params.answer: must be the index of an option");
    expect(quiz(-1)).toBe("Invalid params.answer: must be the index of an option");
    expect(quiz(1.5)).toBe("Invalid params.answer: must be the index of an option");
  });

  it("erc20_balance: an address, and a whole number of tokens from 1", () => {
    expect(errorOf("erc20_balance", { token: ADDRESS, min: "1" })).toBeNull();
    for (const min of ["0", "1.5", "01", "-1", 1]) {
      expect(errorOf("erc20_balance", { token: ADDRESS, min }), String(min)).toMatch(/^Invalid params.min: must be a whole number of tokens, at least 1/);
    }
    expect(errorOf("erc20_balance", { token: "0x123", min: "1" })).toBe("Invalid params.token: must be an address, 0x and 40 hex characters");
    expect(parsed("erc20_balance").params).toMatchObject({ token: ADDRESS.toLowerCase() });
  });

  it("erc721_balance and tx_count: min from 1", () => {
    for (const [type, extra] of [["erc721_balance", { contract: ADDRESS }], ["tx_count", {}]] as const) {
      expect(errorOf(type, { ...extra, min: 1 }), type).toBeNull();
      expect(errorOf(type, { ...extra, min: 0 }), type).toBe("Invalid params.min: must be a whole number from 1 to 1000000000");
      expect(errorOf(type, { ...extra, min: 1.5 }), type).toBe("Invalid params.min: must be a whole number from 1 to 1000000000");
    }
  });

  it("contract_read: a view or pure function returning one integer or bool", () => {
    const read = (over: Record<string, unknown>) => errorOf("contract_read", { ...(VALID.contract_read as object), ...over });
    expect(read({ signature: "function isMember(address) pure returns (bool)" })).toBeNull();
    expect(read({ signature: "function totalSupply() view returns (uint256)", args: [] })).toBeNull();
    for (const signature of [
      "function mint(address) returns (uint256)",
      "function name(address) view returns (string)",
      "function pair(address) view returns (uint256, uint256)",
      "event Transfer(address)",
      "balanceOf(address)",
    ]) {
      expect(read({ signature }), signature).toMatch(/^Invalid params.signature: must be a view or pure function/);
    }
  });

  it("contract_read: one argument per input, each fitting its type; {wallet} fills an address", () => {
    const read = (signature: string, args: unknown) => errorOf("contract_read", { ...(VALID.contract_read as object), signature, args });
    expect(read(BALANCE_OF, [])).toBe("Invalid params.args: the function takes 1");
    expect(read(BALANCE_OF, ["{wallet}", "1"])).toBe("Invalid params.args: the function takes 1");
    expect(read(BALANCE_OF, [ADDRESS])).toBeNull();
    expect(read(BALANCE_OF, ["7"])).toBe("Invalid params.args[0]: must be a value of type address");
    const staked = "function staked(address, uint256, bool, bytes32) view returns (int256)";
    expect(read(staked, ["{wallet}", "3", "true", "0x" + "00".repeat(32)])).toBeNull();
    expect(read(staked, ["{wallet}", "-3", "true", "0x" + "00".repeat(32)])).toBe("Invalid params.args[1]: must be a value of type uint256");
    expect(read(staked, ["{wallet}", "3", "yes", "0x" + "00".repeat(32)])).toBe("Invalid params.args[2]: must be a value of type bool");
    expect(read(staked, ["{wallet}", "3", "true", "0x00"])).toBe("Invalid params.args[3]: must be a value of type bytes32");
  });

  it("contract_read: a comparator and a whole value", () => {
    const read = (over: Record<string, unknown>) => errorOf("contract_read", { ...(VALID.contract_read as object), ...over });
    expect(read({ comparator: "lt", value: "-5" })).toBeNull();
    expect(read({ comparator: "ne" })).toBe("Invalid params.comparator: must be one of gte, gt, eq, lte, lt");
    expect(read({ value: "1.5" })).toBe("Invalid params.value: must be a whole number as a decimal string");
  });

  it("farcaster_follow: a fid from 1", () => {
    expect(errorOf("farcaster_follow", { fid: 1 })).toBeNull();
    expect(errorOf("farcaster_follow", { fid: 0 })).toMatch(/^Invalid params.fid: must be a whole number from 1/);
  });

  it("farcaster_reaction and farcaster_reply: a cast hash of 0x and 40 hex characters", () => {
    expect(errorOf("farcaster_reaction", { castHash: HASH, kind: "like" })).toBeNull();
    expect(errorOf("farcaster_reaction", { castHash: HASH, kind: "reply" })).toBe("Invalid params.kind: must be like or recast");
    expect(errorOf("farcaster_reply", { castHash: HASH.slice(0, 41) })).toBe("Invalid params.castHash: must be 0x and 40 hex characters");
    expect(errorOf("farcaster_reply", { castHash: `${HASH}0` })).toBe("Invalid params.castHash: must be 0x and 40 hex characters");
    expect(parsed("farcaster_reply").params).toEqual({ castHash: HASH.toLowerCase() });
  });

  it("farcaster_channel: a channel id", () => {
    expect(errorOf("farcaster_channel", { channelId: "" })).toMatch(/^Invalid params.channelId/);
    expect(errorOf("farcaster_channel", { channelId: "Base" })).toMatch(/^Invalid params.channelId/);
  });

  it("farcaster_score: min from 0 to 1, both included", () => {
    for (const min of [0, 1]) expect(errorOf("farcaster_score", { min }), String(min)).toBeNull();
    for (const min of [-0.01, 1.01]) expect(errorOf("farcaster_score", { min }), String(min)).toBe("Invalid params.min: must be a number from 0 to 1");
  });
});

describe("PATCH", () => {
  const quiz = parsed("quiz");

  it("id and type never change", () => {
    expect(questPatchBody.safeParse({ id: "other" }).error?.issues[0]?.message).toBe("Invalid id: a quest's id cannot change");
    expect(questPatchBody.safeParse({ type: "visit" }).error?.issues[0]?.message).toBe("Invalid type: a quest's type cannot change");
  });

  it("params are checked against the stored type", () => {
    const patch = questPatchBody.parse({ params: VALID.visit });
    expect(applyQuestPatch(quiz, patch).error?.issues[0]?.message).toBe("Invalid params.question: 1 to 300 characters, no line breaks");
    const options = { question: "3 + 3?", options: ["6", "7"], answer: 0 };
    expect(applyQuestPatch(quiz, questPatchBody.parse({ params: options })).data).toMatchObject({ type: "quiz", params: options });
  });

  it("the schedule is checked whole: a new endsAt against the stored startsAt; null removes a bound", () => {
    const dated = parsed("visit", VALID.visit, { startsAt: "2026-03-01T00:00:00Z" });
    expect(applyQuestPatch(dated, questPatchBody.parse({ endsAt: "2026-03-01T00:00:00Z" })).error?.issues[0]?.message).toBe("Invalid endsAt: must be after startsAt");
    expect(applyQuestPatch(dated, questPatchBody.parse({ startsAt: null })).data).not.toHaveProperty("startsAt");
    expect(applyQuestPatch(dated, questPatchBody.parse({ archived: true, points: 3 })).data).toMatchObject({ archived: true, points: 3, startsAt: "2026-03-01T00:00:00Z" });
  });
});

describe("the export/import file", () => {
  const good = questOf("visit", VALID.visit);

  it("a file of valid quests parses", () => {
    expect(questFileSchema.parse({ version: 1, quests: [good, questOf("quiz", VALID.quiz, { id: "q-2" })] }).quests).toHaveLength(2);
    expect(questFileSchema.safeParse({ version: 2, quests: [] }).error?.issues[0]?.message).toBe("Invalid version: must be 1");
  });

  it("one bad quest refuses the whole file, naming it by index and id", () => {
    const bad = questOf("quiz", { ...(VALID.quiz as object), answer: 2 }, { id: "bad-quiz" });
    const result = questFileSchema.safeParse({ version: 1, quests: [good, bad] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Invalid quests[1] ("bad-quiz"): Invalid params.answer: must be the index of an option');
  });

  it("two quests with one id refuse the file", () => {
    const result = questFileSchema.safeParse({ version: 1, quests: [good, good] });
    expect(result.error?.issues[0]?.message).toBe('Invalid quests[1] ("q-1"): Invalid id: used by an earlier quest');
  });
});

describe("POST /api/quests/complete body", () => {
  it("a wallet, a quest id, and for a quiz an option's index", () => {
    expect(completeQuestBody.parse({ wallet: ADDRESS, questId: "q-1", answer: 0 })).toEqual({ wallet: ADDRESS.toLowerCase(), questId: "q-1", answer: 0 });
    expect(completeQuestBody.safeParse({ wallet: ADDRESS, questId: "Q 1" }).error?.issues[0]?.message).toBe("Invalid questId");
    expect(completeQuestBody.safeParse({ wallet: ADDRESS, questId: "q-1", answer: -1 }).error?.issues[0]?.message).toBe("Invalid answer: must be the index of an option");
  });
});

describe("the public view", () => {
  const progress = { lastCompletedAt: null, fidLinked: false, now: 1_000 };

  it("a quiz shows its question and options, never its answer", () => {
    const view = publicQuestOf(parsed("quiz"), progress);
    expect(view).toMatchObject({ type: "quiz", params: { question: "2 + 2?", options: ["3", "4"] }, status: "available", cooldownRemaining: 0, completedAt: null });
    expect(view.params).not.toHaveProperty("answer");
    expect(view).not.toHaveProperty("archived");
  });

  it("a repeating quest on cooldown says how long, in whole seconds", () => {
    const view = publicQuestOf(parsed("visit", VALID.visit, { recurrence: "daily" }), { ...progress, now: 100_000, lastCompletedAt: 100_000 - 86_399 });
    expect(view).toMatchObject({ status: "cooldown", cooldownRemaining: 1, completedAt: 100_000 - 86_399 });
  });

  it("property: no view of any quiz, for any progress, holds an `answer` key", () => {
    const option = fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim() === s && s.length > 0 && !/[\u0000-\u001f\u007f]/.test(s));
    fc.assert(
      fc.property(
        fc.uniqueArray(option, { minLength: 2, maxLength: 10 }),
        fc.nat(),
        fc.option(fc.nat(2_000_000), { nil: null }),
        fc.boolean(),
        fc.constantFrom("once", "daily", "weekly"),
        (options, pick, lastCompletedAt, fidLinked, recurrence) => {
          const quest = parsed("quiz", { question: "Which?", options, answer: pick % options.length }, { recurrence });
          const json = JSON.stringify(questsResponse.parse({ wallet: ADDRESS.toLowerCase(), points: 0, streak: 0, streakBonuses: [], quests: [publicQuestOf(quest, { lastCompletedAt, fidLinked, now: 2_000_000 })] }));
          return !json.includes('"answer"');
        },
      ),
    );
  });
});

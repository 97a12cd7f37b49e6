/**
 * The payout use cases on a fresh SQLite store with an injected clock: which boards a plan may pay
 * (an ended season, not the running one or one not started), the deadline at exactly now, the API's row
 * limit at exactly its value, and the distributor's on-chain check before it is recorded.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { CreatePayoutBody } from "@/lib/contract/payout-schemas";
import { SECONDS_PER_DAY } from "@/lib/domain/analytics";
import type { Address, Hex } from "viem";
import { ChainMismatchError } from "@/lib/chain/distributor-reads";
import { DistributorError, type DistributorState } from "@/lib/chain/payout-distributor";
import { ChainError } from "@/lib/chain/verifier";
import { buildPayoutPlan, getClaims, readPayoutPlan, recordDistributor } from "@/lib/services/payouts";
import { openSqliteStore } from "@/lib/store/sqlite";
import type { Store } from "@/lib/store/types";
import { AT_ONCE, termsUnder } from "@/tests/support/rules";
import { readPayoutRows } from "@/lib/payouts/board-rows";
import { randomWallet } from "@/tests/support/wallets";

const START_DAY = 20_000;
const SEASONS = { startDay: START_DAY, lengthDays: 7 };
/** Noon of season 3's first day: seasons 1 and 2 have ended. */
const NOW = (START_DAY + 14) * SECONDS_PER_DAY + SECONDS_PER_DAY / 2;
const TOKEN = "0x00000000000000000000000000000000000000aa";

const opened: Store[] = [];
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close();
});

/** A store whose board holds `referrers` wallets, each with one referral scored in season 1. */
async function withBoard(referrers: number) {
  const store = openSqliteStore(mkdtempSync(join(tmpdir(), "refboard-payout-service-")), { retentionDays: 30, seasons: SEASONS });
  opened.push(store);
  const inSeason1 = START_DAY * SECONDS_PER_DAY + 60;
  for (let i = 0; i < referrers; i++) {
    const referrer = randomWallet();
    await store.registerWallet(referrer, inSeason1);
    await store.recordReferral({ referee: randomWallet(), refCode: referrer.slice(-8), selfReferral: false, now: inSeason1 + i, terms: AT_ONCE });
  }
  return { store, clock: () => NOW, seasons: SEASONS };
}

const body = (overrides: Partial<CreatePayoutBody> = {}): CreatePayoutBody => ({ board: "all", token: TOKEN, chainId: 8453, mode: "per_unit", unitAmount: "7", deadline: NOW + 1, ...overrides });

describe("building a plan", () => {
  it("pays an ended season, never the running one or one not started, nor any season while seasons are off", async () => {
    const deps = await withBoard(1);
    const inSeason2 = (START_DAY + 7) * SECONDS_PER_DAY + 60;
    const referrer = randomWallet();
    await deps.store.registerWallet(referrer, inSeason2);
    await deps.store.recordReferral({ referee: randomWallet(), refCode: referrer.slice(-8), selfReferral: false, now: inSeason2, terms: AT_ONCE });
    expect((await buildPayoutPlan(deps, "admin", body({ board: 2 }))).count).toBe(2);
    await expect(buildPayoutPlan(deps, "admin", body({ board: 3 }))).rejects.toMatchObject({ status: 400, message: expect.stringContaining("season 3 is still running") });
    await expect(buildPayoutPlan(deps, "admin", body({ board: 4 }))).rejects.toMatchObject({ status: 400, message: expect.stringContaining("season 4 is unknown") });
    await expect(buildPayoutPlan({ ...deps, seasons: null }, "admin", body({ board: 1 }))).rejects.toMatchObject({ status: 400 });
  });

  it("a deadline must be after now: now itself is in the past", async () => {
    const deps = await withBoard(1);
    await expect(buildPayoutPlan(deps, "admin", body({ deadline: NOW }))).rejects.toMatchObject({ status: 400, message: "Invalid deadline: in the past" });
    expect((await buildPayoutPlan(deps, "admin", body({ deadline: NOW + 1 }))).count).toBe(2);
  });

  it("a request builds up to its row limit exactly; one row more is a 413 naming the CLI", async () => {
    const deps = await withBoard(2); // 4 rows: 2 referrers, 2 referees
    expect((await buildPayoutPlan(deps, "admin", body(), { maxRows: 4 })).count).toBe(4);
    await expect(buildPayoutPlan(deps, "admin", body(), { maxRows: 3 })).rejects.toMatchObject({ status: 413, message: expect.stringContaining("npm run payout:plan") });
    expect((await buildPayoutPlan(deps, "admin", body({ top: 3 }), { maxRows: 3 })).count).toBe(3);
  });

  it("a pending referral and a disqualified wallet pay nothing, as in the rewards export", async () => {
    const deps = await withBoard(1);
    const before = await readPayoutRows(deps.store, "all", {}, await deps.store.countLeaderboard("all"));
    const waiting = randomWallet();
    await deps.store.registerWallet(waiting, NOW - 100);
    await deps.store.recordReferral({ referee: randomWallet(), refCode: waiting.slice(-8), selfReferral: false, now: NOW - 50, terms: termsUnder("checkin") });
    const [first] = before;
    await deps.store.disqualify({ wallet: first!.wallet, reason: "farm", cascade: false, admin: "test", now: NOW - 10 });
    const plan = await buildPayoutPlan(deps, "admin", body());
    const csv = await new Response((await readPayoutPlan(deps, plan.id, "csv")) as ReadableStream<Uint8Array>).text();
    expect(csv.split("\n")).toEqual(["wallet,amount", expect.stringMatching(/^0x[0-9a-f]{40},\d+$/), ""]);
    expect(csv).not.toContain(first!.wallet);
    expect(csv).not.toContain(waiting);
    expect(plan.count).toBe(1);
  });

  it("terms that pay nobody are a 400, not an empty plan", async () => {
    const deps = await withBoard(1);
    await expect(buildPayoutPlan(deps, "admin", body({ minRewards: 1_000_000 }))).rejects.toMatchObject({ status: 400, message: expect.stringContaining("Nothing to pay") });
  });
});

describe("recording the distributor", () => {
  const ADDRESS = "0x00000000000000000000000000000000000000dd";

  it("records it once the chain shows the plan's token, root and deadline; anything else is a 400 and records nothing", async () => {
    const board = await withBoard(1);
    const plan = await buildPayoutPlan(board, "admin", body());
    const onChain: DistributorState = { token: TOKEN.toUpperCase().replace("0X", "0x") as Address, root: plan.root as Hex, deadline: BigInt(NOW + 1) };
    const reads: [number, string][] = [];
    const reading = (state: DistributorState) => ({ ...board, distributorReads: async (chainId: number, address: Address) => (reads.push([chainId, address]), state) });
    for (const wrong of [{ token: randomWallet() as Address }, { root: `0x${"00".repeat(32)}` as Hex }, { deadline: BigInt(NOW + 2) }]) {
      await expect(recordDistributor(reading({ ...onChain, ...wrong }), "admin", plan.id, ADDRESS)).rejects.toMatchObject({ status: 400 });
    }
    expect((await getClaims(board, randomWallet())).claims).toEqual([]);
    const recorded = await recordDistributor(reading(onChain), "admin", plan.id, ADDRESS);
    expect(recorded.distributor).toEqual({ address: ADDRESS, chainId: 8453 });
    expect(reads.at(-1)).toEqual([8453, ADDRESS]);
    await expect(recordDistributor(reading(onChain), "admin", plan.id, ADDRESS)).rejects.toMatchObject({ status: 409 });
    await expect(recordDistributor(reading(onChain), "admin", "0123456789ab", ADDRESS)).rejects.toMatchObject({ status: 404 });
  });

  it("says why the chain could not tell: no RPC (503), no distributor at the address (400), another chain (409), the RPC down (503)", async () => {
    const board = await withBoard(1);
    const plan = await buildPayoutPlan(board, "admin", body());
    const failing = (error: Error) => ({ ...board, distributorReads: async () => Promise.reject(error) });
    await expect(recordDistributor({ ...board, distributorReads: null }, "admin", plan.id, ADDRESS)).rejects.toMatchObject({ status: 503, message: expect.stringContaining("RPC_URL is not set") });
    await expect(recordDistributor(failing(new DistributorError(`no contract at ${ADDRESS}`)), "admin", plan.id, ADDRESS)).rejects.toMatchObject({ status: 400, message: `Invalid address: no contract at ${ADDRESS}` });
    await expect(recordDistributor(failing(new ChainMismatchError(1, 8453)), "admin", plan.id, ADDRESS)).rejects.toMatchObject({ status: 409, message: expect.stringContaining("RPC_URL serves chain 1") });
    await expect(recordDistributor(failing(new ChainError("timeout")), "admin", plan.id, ADDRESS)).rejects.toMatchObject({ status: 503, message: "Could not read the chain, please retry" });
    expect((await readPayoutPlan(board, plan.id, "json")) as { distributor: unknown }).toMatchObject({ distributor: null });
  });
});

import { StandardMerkleTree } from "@openzeppelin/merkle-tree";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allocate, parseAmount, type PayoutSourceRow } from "@/lib/domain/payouts";
import { readPayoutRows } from "@/lib/payouts/board-rows";
import { buildPlanTree, LEAF_ENCODING, PLAN_CSV_HEADER, proofFromNodes } from "@/lib/payouts/tree";
import { createHash } from "node:crypto";
import type { LeaderboardRow } from "@/lib/store/types";

const wallet = (i: number) => `0x${(i + 1).toString(16).padStart(40, "0")}`;
const rows = (...rewards: number[]): PayoutSourceRow[] => rewards.map((r, i) => ({ rank: i + 1, wallet: wallet(i), rewards: r }));
const amounts = (result: ReturnType<typeof allocate>) => result.allocations.map((a) => [a.wallet, a.amount]);

describe("payout arithmetic", () => {
  it("per unit: unitAmount times each wallet's reward units, nothing left over", () => {
    const result = allocate(rows(60, 20), { mode: "per_unit", unitAmount: 10n ** 18n }, {});
    expect(amounts(result)).toEqual([
      [wallet(0), 60n * 10n ** 18n],
      [wallet(1), 20n * 10n ** 18n],
    ]);
    expect(result.total).toBe(80n * 10n ** 18n);
    expect(result.remainder).toBe(0n);
  });

  it("pool: shares in proportion to reward units, each rounded down, the rest stated as the remainder", () => {
    const result = allocate(rows(40, 20, 20), { mode: "pool", pool: 1001n }, {});
    // 1001 * 40/80 = 500.5 -> 500; 1001 * 20/80 = 250.25 -> 250 twice
    expect(amounts(result)).toEqual([
      [wallet(0), 500n],
      [wallet(1), 250n],
      [wallet(2), 250n],
    ]);
    expect(result.total).toBe(1000n);
    expect(result.remainder).toBe(1n);
    expect(result.total + result.remainder).toBe(1001n);
  });

  it("pool: an exact split leaves no remainder, and amounts past 2^53 stay exact", () => {
    const pool = 3n * 10n ** 30n;
    const result = allocate(rows(20, 20, 20), { mode: "pool", pool }, {});
    expect(result.allocations.every((a) => a.amount === 10n ** 30n)).toBe(true);
    expect(result.remainder).toBe(0n);
  });

  it("a wallet at 0 is left out: no rewards, or a pool share that rounds down to nothing (it joins the remainder)", () => {
    expect(amounts(allocate(rows(20, 0), { mode: "per_unit", unitAmount: 5n }, {}))).toEqual([[wallet(0), 100n]]);
    const result = allocate(rows(1000, 20), { mode: "pool", pool: 10n }, {});
    // 10 * 20/1020 < 1
    expect(amounts(result)).toEqual([[wallet(0), 9n]]);
    expect(result.remainder).toBe(1n);
  });

  it("top keeps ranks 1..top exactly; a tie at the cut goes the board's way (rank top + 1 is out though its score is equal)", () => {
    const board = rows(60, 40, 40, 20);
    expect(amounts(allocate(board, { mode: "per_unit", unitAmount: 1n }, { top: 2 }))).toEqual([
      [wallet(0), 60n],
      [wallet(1), 40n],
    ]);
    expect(allocate(board, { mode: "per_unit", unitAmount: 1n }, { top: 4 }).allocations).toHaveLength(4);
    // the pool is split among the selected rows only
    expect(amounts(allocate(board, { mode: "pool", pool: 100n }, { top: 2 }))).toEqual([
      [wallet(0), 60n],
      [wallet(1), 40n],
    ]);
  });

  it("minRewards keeps rows at exactly the limit and drops those one unit under", () => {
    const board = rows(41, 40, 39);
    expect(allocate(board, { mode: "per_unit", unitAmount: 1n }, { minRewards: 40 }).allocations.map((a) => a.wallet)).toEqual([wallet(0), wallet(1)]);
    expect(allocate(board, { mode: "per_unit", unitAmount: 1n }, { minRewards: 41 }).allocations.map((a) => a.wallet)).toEqual([wallet(0)]);
  });

  it("nothing selected: no allocations, the whole pool remains", () => {
    expect(allocate(rows(20), { mode: "pool", pool: 7n }, { minRewards: 21 })).toEqual({ allocations: [], total: 0n, remainder: 7n });
  });

  it("amounts: positive decimal integers within uint256 only", () => {
    expect(parseAmount("1")).toBe(1n);
    expect(parseAmount((2n ** 256n - 1n).toString())).toBe(2n ** 256n - 1n);
    for (const bad of ["0", "-1", "01", "1.5", "1e18", "", " 1", (2n ** 256n).toString()]) expect(parseAmount(bad)).toBeNull();
  });
});

/** A board served like OperatorStore.scanLeaderboard; disqualified and pending wallets are the store's to leave out. */
function fakeStore(board: LeaderboardRow[]) {
  return {
    async countLeaderboard() {
      return board.length;
    },
    async scanLeaderboard(cursor: string, count: number) {
      const from = Number(cursor);
      const page = board.slice(from, from + count);
      return { cursor: from + page.length >= board.length ? "0" : String(from + page.length), rows: page };
    },
  };
}

describe("the plan's rows come from the rewards export", () => {
  const board = [5, 3, 3, 1, 0].map((score, i) => ({ wallet: wallet(i), score, referralsCount: score }));

  it("ranks, wallets and reward units as the export numbers them", async () => {
    expect(await readPayoutRows(fakeStore(board), "all", {}, board.length)).toEqual([
      { rank: 1, wallet: wallet(0), rewards: 100 },
      { rank: 2, wallet: wallet(1), rewards: 60 },
      { rank: 3, wallet: wallet(2), rewards: 60 },
      { rank: 4, wallet: wallet(3), rewards: 20 },
      { rank: 5, wallet: wallet(4), rewards: 0 },
    ]);
  });

  it("stops at rank top, and at the first row under minRewards", async () => {
    expect((await readPayoutRows(fakeStore(board), "all", { top: 2 }, board.length)).map((r) => r.rank)).toEqual([1, 2]);
    expect((await readPayoutRows(fakeStore(board), "all", { minRewards: 60 }, board.length)).map((r) => r.rank)).toEqual([1, 2, 3]);
    expect((await readPayoutRows(fakeStore(board), "all", { minRewards: 61 }, board.length)).map((r) => r.rank)).toEqual([1]);
  });
});

describe("the plan's tree", () => {
  const result = allocate(rows(...Array.from({ length: 37 }, (_, i) => (40 - i) * 20)), { mode: "pool", pool: 10n ** 24n + 7n }, {});
  const plan = buildPlanTree(result.allocations);

  it("the root and every proof read from the stored nodes verify with StandardMerkleTree.verify", () => {
    expect(plan.nodes.length).toBe((2 * result.allocations.length - 1) * 32);
    for (const { wallet: w, amount, treeIndex } of plan.allocations) {
      const proof = proofFromNodes(plan.nodes, treeIndex);
      expect(StandardMerkleTree.verify(plan.root, LEAF_ENCODING, [w, amount], proof)).toBe(true);
      expect(StandardMerkleTree.verify(plan.root, LEAF_ENCODING, [w, (BigInt(amount) + 1n).toString()], proof)).toBe(false);
    }
  });

  it("proofs equal OpenZeppelin's own", () => {
    const tree = StandardMerkleTree.of(
      result.allocations.map((a) => [a.wallet, a.amount.toString()]),
      LEAF_ENCODING,
    );
    expect(plan.root).toBe(tree.root);
    for (const [i, a] of plan.allocations.entries()) expect(proofFromNodes(plan.nodes, a.treeIndex)).toEqual(tree.getProof(i));
  });

  it("any allocations: the same root, tree indices and proofs as StandardMerkleTree.of", () => {
    const allocation = fc.record({ wallet: fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => `0x${Buffer.from(b).toString("hex")}`), amount: fc.bigInt({ min: 1n, max: 2n ** 256n - 1n }) });
    fc.assert(
      fc.property(fc.uniqueArray(allocation, { minLength: 1, maxLength: 40, selector: (a) => a.wallet }), (list) => {
        const ours = buildPlanTree(list);
        const tree = StandardMerkleTree.of(list.map((a) => [a.wallet, a.amount.toString()]), LEAF_ENCODING);
        expect(ours.root).toBe(tree.root);
        expect(ours.allocations.map((a) => a.treeIndex)).toEqual(tree.dump().values.map((v) => v.treeIndex));
        for (const [i, a] of ours.allocations.entries()) expect(proofFromNodes(ours.nodes, a.treeIndex)).toEqual(tree.getProof(i));
      }),
      { numRuns: 200 },
    );
  });

  it("a single allocation is its own root with an empty proof", () => {
    const one = buildPlanTree([{ wallet: wallet(0), amount: 5n }]);
    expect(proofFromNodes(one.nodes, one.allocations[0]!.treeIndex)).toEqual([]);
    expect(StandardMerkleTree.verify(one.root, LEAF_ENCODING, [wallet(0), "5"], [])).toBe(true);
  });

  it("the checksum is the sha256 of the CSV in rank order", () => {
    const csv = PLAN_CSV_HEADER + result.allocations.map((a) => `${a.wallet},${a.amount}\n`).join("");
    expect(plan.sha256).toBe(createHash("sha256").update(csv).digest("hex"));
    expect(plan.allocations.map((a) => a.wallet)).toEqual(result.allocations.map((a) => a.wallet));
  });
});

/**
 * The payout store (lib/store/ports/payouts.ts) on every backend, each test on a fresh store: a plan
 * written in batches, unseen until published, frozen after; its allocations and nodes read back as
 * built; claims whose proofs equal the tree's and verify; a wallet with nothing; the distributor
 * recorded once; the audit entries; the validating wrapper's refusals.
 */
import { StandardMerkleTree } from "@openzeppelin/merkle-tree";
import { afterEach, describe, expect, it } from "vitest";
import { ABANDONED_STAGING_SECONDS, allocate } from "@/lib/domain/payouts";
import { storePlan } from "@/lib/payouts/store-plan";
import { buildPlanTree, LEAF_ENCODING, proofFromNodes, type PlanTree } from "@/lib/payouts/tree";
import { checked } from "@/lib/store/checked";
import type { PayoutPlan, Store } from "@/lib/store/types";
import { randomWallet } from "@/tests/support/wallets";

export type OpenPayoutStore = () => Promise<Store>;

const NOW = 1_900_000_000;
const ADMIN = "0x00000000000000000000000000000000000000ad";
const TOKEN = "0x00000000000000000000000000000000000000aa";
const DISTRIBUTOR = { address: "0x00000000000000000000000000000000000000dd", chainId: 8453 };

/** A plan of `n` wallets sharing a pool, its header and tree. */
function planOf(id: string, wallets: string[], createdAt = NOW): { plan: PayoutPlan; tree: PlanTree } {
  const rows = wallets.map((wallet, i) => ({ rank: i + 1, wallet, rewards: 20 * (wallets.length - i) }));
  const pool = 10n ** 24n + 1n;
  const result = allocate(rows, { mode: "pool", pool }, {});
  const tree = buildPlanTree(result.allocations);
  const plan: PayoutPlan = {
    id,
    board: "all",
    token: TOKEN,
    chainId: 8453,
    mode: "pool",
    unitAmount: null,
    pool: pool.toString(),
    top: null,
    minRewards: null,
    deadline: NOW + 86_400,
    root: tree.root,
    total: result.total.toString(),
    remainder: result.remainder.toString(),
    count: tree.allocations.length,
    sha256: tree.sha256,
    createdAt,
    createdBy: ADMIN,
    distributor: null,
  };
  return { plan, tree };
}

const wallets = (n: number) => Array.from({ length: n }, () => randomWallet());

/** A plan of 3 wallets staged with its first 2 allocations and nodes: a build under way, or one that died. */
async function stagePart(store: Store, id: string, createdAt: number): Promise<{ plan: PayoutPlan; tree: PlanTree }> {
  const { plan, tree } = planOf(id, wallets(3), createdAt);
  expect(await store.stagePayoutPlan(plan, 0)).toBe("staged");
  expect(await store.putPayoutAllocations(id, 0, tree.allocations.slice(0, 2))).toBe(true);
  expect(await store.putPayoutNodes(id, 0, tree.nodes.subarray(0, 2 * 32))).toBe(true);
  return { plan, tree };
}

export function describePayoutsContract(name: string, open: OpenPayoutStore) {
  describe(`payouts contract: ${name}`, () => {
    const opened: Store[] = [];
    afterEach(async () => {
      for (const store of opened.splice(0)) await store.close();
    });
    const fresh = async () => {
      const store = checked(await open());
      opened.push(store);
      return store;
    };

    it("writes a plan in batches, publishes it with its audit entry, lists and reads it back as built", async () => {
      const store = await fresh();
      const { plan, tree } = planOf("0000000000a1", wallets(2345));
      const audit = await storePlan(store, plan, tree, NOW + 5, { nodeBatch: 1000 });
      expect(audit).toMatchObject({ action: "payout-plan", admin: ADMIN, wallet: null, reason: `plan 0000000000a1 root ${plan.root}`, wallets: 2345, at: NOW + 5 });
      expect((await store.getAuditLog(0, 10)).entries).toEqual([audit]);
      expect(await store.getPayoutPlan("0000000000a1")).toEqual(plan);
      expect(await store.listPayoutPlans()).toEqual([plan]);
      const read = [];
      for (let offset = 0; offset < 2345; offset += 1000) read.push(...(await store.readPayoutAllocations("0000000000a1", offset, 1000)));
      expect(read).toEqual(tree.allocations);
      const nodes = [];
      for (let offset = 0; offset < 2 * 2345 - 1; offset += 1000) nodes.push(await store.readPayoutNodes("0000000000a1", offset, 1000));
      expect(Buffer.concat(nodes).equals(tree.nodes)).toBe(true);
    });

    it("a staged plan is unseen, publishes only when whole, and refuses a batch out of place", async () => {
      const store = await fresh();
      const { plan, tree } = planOf("0000000000a2", wallets(3));
      expect(await store.stagePayoutPlan(plan, 0)).toBe("staged");
      expect(await store.stagePayoutPlan(plan, 0)).toBe("exists");
      expect(await store.putPayoutAllocations("0000000000a2", 1, tree.allocations)).toBe(false);
      expect(await store.putPayoutAllocations("0000000000a2", 0, tree.allocations.slice(0, 2))).toBe(true);
      expect(await store.putPayoutAllocations("0000000000a2", 0, tree.allocations.slice(0, 2))).toBe(false); // a retried batch never doubles
      expect(await store.putPayoutAllocations("0000000000a2", 2, tree.allocations.slice(2))).toBe(true);
      expect(await store.publishPayoutPlan("0000000000a2", NOW)).toEqual({ outcome: "incomplete" });
      expect(await store.putPayoutNodes("0000000000a2", 1, tree.nodes)).toBe(false);
      expect(await store.putPayoutNodes("0000000000a2", 0, tree.nodes.subarray(0, 4 * 32))).toBe(true);
      expect(await store.publishPayoutPlan("0000000000a2", NOW)).toEqual({ outcome: "incomplete" });
      expect(await store.getPayoutPlan("0000000000a2")).toBeNull();
      expect(await store.listPayoutPlans()).toEqual([]);
      expect(await store.putPayoutNodes("0000000000a2", 4, tree.nodes.subarray(4 * 32))).toBe(true);
      expect((await store.publishPayoutPlan("0000000000a2", NOW)).outcome).toBe("published");
      expect(await store.publishPayoutPlan("0000000000a2", NOW)).toEqual({ outcome: "missing" });
      expect(await store.publishPayoutPlan("0000000000ff", NOW)).toEqual({ outcome: "missing" });
    });

    it("staging removes the plans staged before abandonedBefore and never published, with their allocations and nodes; nothing else", async () => {
      const store = await fresh();
      const stagedPart = (id: string, createdAt: number) => stagePart(store, id, createdAt);
      const abandoned = await stagedPart("0000000000b1", NOW - 1);
      const published = planOf("0000000000b2", wallets(2), NOW - 100);
      await storePlan(store, published.plan, published.tree, NOW);
      // Staged exactly at the abandonedBefore given next: still being built.
      const building = await stagedPart("0000000000b3", NOW);
      expect(await store.stagePayoutPlan(planOf("0000000000b4", wallets(1), NOW + 3600).plan, NOW)).toBe("staged");

      // The abandoned plan is gone with everything it held: its id is free, and a build of it starts from nothing.
      expect(await store.putPayoutAllocations("0000000000b1", 2, abandoned.tree.allocations.slice(2))).toBe(false);
      expect(await store.stagePayoutPlan(abandoned.plan, 0)).toBe("staged");
      expect(await store.putPayoutAllocations("0000000000b1", 0, abandoned.tree.allocations)).toBe(true);
      expect(await store.putPayoutNodes("0000000000b1", 0, abandoned.tree.nodes)).toBe(true);
      expect((await store.publishPayoutPlan("0000000000b1", NOW)).outcome).toBe("published");
      // The one still being built goes on where it was.
      expect(await store.putPayoutAllocations("0000000000b3", 2, building.tree.allocations.slice(2))).toBe(true);
      expect(await store.putPayoutNodes("0000000000b3", 2, building.tree.nodes.subarray(2 * 32))).toBe(true);
      expect((await store.publishPayoutPlan("0000000000b3", NOW)).outcome).toBe("published");
      // A published plan, however old, is never touched, and neither is one published after it was staged long ago.
      expect(await store.stagePayoutPlan(planOf("0000000000b5", wallets(1), NOW + 7200).plan, NOW + 7200)).toBe("staged");
      expect(await store.getPayoutPlan("0000000000b2")).toEqual(published.plan);
      expect(await store.readPayoutAllocations("0000000000b2", 0, 10)).toEqual(published.tree.allocations);
      expect(await store.readPayoutAllocations("0000000000b1", 0, 10)).toEqual(abandoned.tree.allocations);
      expect((await store.listPayoutPlans()).map((plan) => plan.id).sort()).toEqual(["0000000000b1", "0000000000b2", "0000000000b3"]);
    });

    it("storePlan removes a plan staged more than ABANDONED_STAGING_SECONDS before the new one, not one staged exactly that long before", async () => {
      const store = await fresh();
      const past = (await stagePart(store, "0000000000d1", NOW - ABANDONED_STAGING_SECONDS - 1)).tree;
      const atLimit = (await stagePart(store, "0000000000d2", NOW - ABANDONED_STAGING_SECONDS)).tree;
      const { plan, tree } = planOf("0000000000d3", wallets(2), NOW);
      await storePlan(store, plan, tree, NOW);
      expect(await store.putPayoutAllocations("0000000000d1", 2, past.allocations.slice(2))).toBe(false);
      expect(await store.putPayoutAllocations("0000000000d2", 2, atLimit.allocations.slice(2))).toBe(true);
    });

    it("a published plan is frozen: no allocation or node is added, its id is never reused", async () => {
      const store = await fresh();
      const { plan, tree } = planOf("0000000000a3", wallets(2));
      await storePlan(store, plan, tree, NOW);
      expect(await store.putPayoutAllocations("0000000000a3", 2, [{ wallet: randomWallet(), amount: "1", treeIndex: 0 }])).toBe(false);
      expect(await store.putPayoutNodes("0000000000a3", 3, tree.nodes.subarray(0, 32))).toBe(false);
      expect(await store.stagePayoutPlan({ ...plan, total: "1" }, 0)).toBe("exists");
      expect(await store.getPayoutPlan("0000000000a3")).toEqual(plan);
    });

    it("claims: none before a distributor; then each proof equals the tree's and verifies; a wallet with nothing gets none", async () => {
      const store = await fresh();
      const members = wallets(37);
      const { plan, tree } = planOf("0000000000a4", members);
      await storePlan(store, plan, tree, NOW);
      expect(await store.getClaims(members[0]!)).toEqual([]);
      const recorded = await store.recordPayoutDistributor("0000000000a4", DISTRIBUTOR, ADMIN, NOW + 9);
      const live = { ...plan, distributor: DISTRIBUTOR };
      expect(recorded).toMatchObject({ outcome: "recorded", plan: live, audit: { action: "payout-distributor", admin: ADMIN, at: NOW + 9, wallets: 37 } });
      if (recorded.outcome === "recorded") expect(recorded.audit.reason).toBe(`plan 0000000000a4 root ${plan.root} distributor ${DISTRIBUTOR.address} chain 8453`);
      for (const allocation of tree.allocations) {
        const claims = await store.getClaims(allocation.wallet);
        expect(claims).toEqual([{ plan: live, amount: allocation.amount, proof: proofFromNodes(tree.nodes, allocation.treeIndex) }]);
        expect(StandardMerkleTree.verify(plan.root, LEAF_ENCODING, [allocation.wallet, allocation.amount], claims[0]!.proof)).toBe(true);
      }
      expect(await store.getClaims(randomWallet())).toEqual([]);
    });

    it("the distributor is recorded once: a second call changes nothing and logs nothing", async () => {
      const store = await fresh();
      const { plan, tree } = planOf("0000000000a5", wallets(1));
      await storePlan(store, plan, tree, NOW);
      expect(await store.recordPayoutDistributor("0000000000ff", DISTRIBUTOR, ADMIN, NOW)).toEqual({ outcome: "missing" });
      expect((await store.recordPayoutDistributor("0000000000a5", DISTRIBUTOR, ADMIN, NOW)).outcome).toBe("recorded");
      const other = { address: "0x00000000000000000000000000000000000000ee", chainId: 1 };
      expect(await store.recordPayoutDistributor("0000000000a5", other, ADMIN, NOW)).toEqual({ outcome: "already", plan: { ...plan, distributor: DISTRIBUTOR } });
      expect((await store.getAuditLog(0, 10)).total).toBe(2);
      // a single allocation is its own root: the empty proof
      expect(await store.getClaims(tree.allocations[0]!.wallet)).toEqual([{ plan: { ...plan, distributor: DISTRIBUTOR }, amount: tree.allocations[0]!.amount, proof: [] }]);
    });

    it("the validating wrapper refuses a malformed id, amount, batch or node run before the backend sees it", async () => {
      const store = await fresh();
      const { plan, tree } = planOf("0000000000c1", wallets(2));
      await expect(store.stagePayoutPlan({ ...plan, id: "x:y" }, 0)).rejects.toThrow(RangeError);
      await expect(store.stagePayoutPlan({ ...plan, total: "01" }, 0)).rejects.toThrow(RangeError);
      await expect(store.stagePayoutPlan({ ...plan, token: plan.token.toUpperCase() }, 0)).rejects.toThrow(RangeError);
      await expect(store.stagePayoutPlan(plan, -1)).rejects.toThrow(RangeError);
      expect(await store.stagePayoutPlan(plan, 0)).toBe("staged");
      await expect(store.putPayoutAllocations(plan.id, 0, [{ ...tree.allocations[0]!, amount: "0" }])).rejects.toThrow(RangeError);
      const tooMany = Array.from({ length: 1001 }, () => tree.allocations[0]!);
      await expect(store.putPayoutAllocations(plan.id, 0, tooMany)).rejects.toThrow(RangeError);
      await expect(store.putPayoutNodes(plan.id, 0, tree.nodes.subarray(0, 31))).rejects.toThrow(RangeError);
      await expect(store.getClaims("0xABC")).rejects.toThrow(RangeError);
    });

    it("a wallet in several live plans gets a claim from each, newest plan first", async () => {
      const store = await fresh();
      const shared = randomWallet();
      const older = planOf("0000000000b1", [shared, ...wallets(4)], NOW);
      const newer = planOf("0000000000b2", [...wallets(6), shared], NOW + 60);
      const unrecorded = planOf("0000000000b3", [shared], NOW + 120);
      for (const { plan, tree } of [older, newer, unrecorded]) await storePlan(store, plan, tree, NOW);
      await store.recordPayoutDistributor("0000000000b1", DISTRIBUTOR, ADMIN, NOW);
      await store.recordPayoutDistributor("0000000000b2", DISTRIBUTOR, ADMIN, NOW);
      expect((await store.listPayoutPlans()).map((plan) => plan.id)).toEqual(["0000000000b3", "0000000000b2", "0000000000b1"]);
      const claims = await store.getClaims(shared);
      expect(claims.map((claim) => claim.plan.id)).toEqual(["0000000000b2", "0000000000b1"]);
      for (const claim of claims) expect(StandardMerkleTree.verify(claim.plan.root, LEAF_ENCODING, [shared, claim.amount], claim.proof)).toBe(true);
    });
  });
}

/**
 * The validating wrapper's checks of the payout calls (lib/store/checked.ts merges them): plan ids are
 * the 12-hex slugs the service makes (they go into Redis keys), amounts positive decimal integers within
 * uint256, batches within their limits and nodes whole, so a caller bug is a RangeError before a backend
 * stores it.
 */
import { MAX_ADMIN_LENGTH } from "@/lib/domain/moderation";
import { parseAmount, PLAN_ID_PATTERN } from "@/lib/domain/payouts";
import { checkBatch, checkCount, checkOffset, checkSeconds, checkText, checkWallet } from "@/lib/store/checks";
import { MAX_ALLOCATION_BATCH, MAX_NODE_BATCH, NODE_BYTES, type PayoutDistributor, type PayoutPlan, type StoredAllocation } from "@/lib/store/ports/payouts";
import type { Store } from "@/lib/store/types";

function checkPlanId(id: string): void {
  if (!PLAN_ID_PATTERN.test(id)) throw new RangeError(`not a payout plan id: ${JSON.stringify(id)}`);
}

function checkAmount(amount: string | null, what: string, allowZero = false): void {
  if (amount === null || (allowZero && amount === "0")) return;
  if (parseAmount(amount) === null) throw new RangeError(`${what} must be a positive decimal integer within uint256, got ${JSON.stringify(amount)}`);
}

function checkPlan(plan: PayoutPlan): void {
  checkPlanId(plan.id);
  checkWallet(plan.token, "token");
  checkSeconds(plan.chainId, "chainId", 1);
  checkSeconds(plan.deadline, "deadline", 1);
  checkSeconds(plan.createdAt, "createdAt");
  checkSeconds(plan.count, "count", 1);
  checkText(plan.createdBy, "createdBy", MAX_ADMIN_LENGTH);
  checkAmount(plan.total, "total");
  checkAmount(plan.remainder, "remainder", true);
  checkAmount(plan.unitAmount, "unitAmount");
  checkAmount(plan.pool, "pool");
  if (!/^0x[0-9a-f]{64}$/.test(plan.root)) throw new RangeError(`root must be 0x and 64 lowercase hex digits, got ${JSON.stringify(plan.root)}`);
  if (plan.distributor !== null) throw new RangeError("a plan is stored without its distributor (recordPayoutDistributor records it)");
}

function checkAllocation(allocation: StoredAllocation): void {
  checkWallet(allocation.wallet);
  checkAmount(allocation.amount, `amount of ${allocation.wallet}`);
  checkSeconds(allocation.treeIndex, "treeIndex");
}

function checkDistributor(distributor: PayoutDistributor): void {
  checkWallet(distributor.address, "distributor address");
  checkSeconds(distributor.chainId, "distributor chainId", 1);
}

export function checkedPayouts(store: Store): Partial<Store> {
  return {
    async stagePayoutPlan(plan, abandonedBefore) {
      checkPlan(plan);
      checkSeconds(abandonedBefore, "abandonedBefore");
      return store.stagePayoutPlan(plan, abandonedBefore);
    },
    async putPayoutAllocations(planId, from, allocations) {
      checkPlanId(planId);
      checkOffset(from);
      checkBatch(allocations, "putPayoutAllocations", MAX_ALLOCATION_BATCH);
      allocations.forEach(checkAllocation);
      return store.putPayoutAllocations(planId, from, allocations);
    },
    async putPayoutNodes(planId, from, nodes) {
      checkPlanId(planId);
      checkOffset(from);
      if (nodes.length === 0 || nodes.length % NODE_BYTES !== 0 || nodes.length > MAX_NODE_BATCH * NODE_BYTES) {
        throw new RangeError(`putPayoutNodes takes 1 to ${MAX_NODE_BATCH} nodes of ${NODE_BYTES} bytes, got ${nodes.length} bytes`);
      }
      return store.putPayoutNodes(planId, from, nodes);
    },
    async publishPayoutPlan(planId, now) {
      checkPlanId(planId);
      checkSeconds(now, "now");
      return store.publishPayoutPlan(planId, now);
    },
    async getPayoutPlan(planId) {
      checkPlanId(planId);
      return store.getPayoutPlan(planId);
    },
    async readPayoutAllocations(planId, offset, limit) {
      checkPlanId(planId);
      checkOffset(offset);
      checkCount(limit, "limit", MAX_ALLOCATION_BATCH, 0);
      return store.readPayoutAllocations(planId, offset, limit);
    },
    async readPayoutNodes(planId, offset, count) {
      checkPlanId(planId);
      checkOffset(offset);
      checkCount(count, "count", MAX_NODE_BATCH, 0);
      return store.readPayoutNodes(planId, offset, count);
    },
    async recordPayoutDistributor(planId, distributor, admin, now) {
      checkPlanId(planId);
      checkDistributor(distributor);
      checkText(admin, "admin", MAX_ADMIN_LENGTH);
      checkSeconds(now, "now");
      return store.recordPayoutDistributor(planId, distributor, admin, now);
    },
    async getClaims(wallet) {
      checkWallet(wallet);
      return store.getClaims(wallet);
    },
  };
}

/**
 * Writes a built plan into the store in batches (lib/store/ports/payouts.ts): its header staged, its
 * allocations and nodes appended in order, then published with its audit entry. Shared by the API and
 * `npm run payout:plan`, so both write a plan the same way whatever its size.
 */
import { ABANDONED_STAGING_SECONDS } from "@/lib/domain/payouts";
import type { PlanTree } from "@/lib/payouts/tree";
import { MAX_ALLOCATION_BATCH, MAX_NODE_BATCH, NODE_BYTES, type AuditEntry, type PayoutPlan, type PayoutStore } from "@/lib/store/types";

export interface StorePlanOptions {
  /** Allocations per call, at most MAX_ALLOCATION_BATCH (the default). */
  allocationBatch?: number;
  /** Nodes per call, at most MAX_NODE_BATCH (the default). */
  nodeBatch?: number;
}

/** The plan could not be written as a whole; what was staged stays unseen, and goes with a plan staged ABANDONED_STAGING_SECONDS later. */
export class PlanWriteError extends Error {
  constructor(planId: string, step: string) {
    super(`payout plan ${planId}: ${step}`);
    this.name = "PlanWriteError";
  }
}

export async function storePlan(store: PayoutStore, plan: PayoutPlan, tree: PlanTree, now: number, options: StorePlanOptions = {}): Promise<AuditEntry> {
  const allocationBatch = Math.min(options.allocationBatch ?? MAX_ALLOCATION_BATCH, MAX_ALLOCATION_BATCH);
  const nodeBatch = Math.min(options.nodeBatch ?? MAX_NODE_BATCH, MAX_NODE_BATCH);
  if ((await store.stagePayoutPlan(plan, Math.max(0, plan.createdAt - ABANDONED_STAGING_SECONDS))) !== "staged") throw new PlanWriteError(plan.id, "the id is taken");
  for (let from = 0; from < tree.allocations.length; from += allocationBatch) {
    const ok = await store.putPayoutAllocations(plan.id, from, tree.allocations.slice(from, from + allocationBatch));
    if (!ok) throw new PlanWriteError(plan.id, `allocations from ${from} were refused`);
  }
  const nodes = tree.nodes.length / NODE_BYTES;
  for (let from = 0; from < nodes; from += nodeBatch) {
    const ok = await store.putPayoutNodes(plan.id, from, tree.nodes.subarray(from * NODE_BYTES, Math.min(from + nodeBatch, nodes) * NODE_BYTES));
    if (!ok) throw new PlanWriteError(plan.id, `nodes from ${from} were refused`);
  }
  const published = await store.publishPayoutPlan(plan.id, now);
  if (published.outcome !== "published") throw new PlanWriteError(plan.id, `publishing answered ${published.outcome}`);
  return published.audit;
}

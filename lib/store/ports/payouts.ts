/**
 * Payout plans (issue #29): a plan built from the board, frozen once published, with every
 * allocation and its Merkle tree's nodes, so a wallet's proof is read without rebuilding the tree.
 *
 * A plan is written in steps, because a big one (1M allocations, 2M nodes) is never one request's
 * job: stagePayoutPlan stores its header unseen, putPayoutAllocations and putPayoutNodes append in
 * order (each batch says where it starts, and a batch out of place is refused, so a retried batch
 * never doubles), and publishPayoutPlan makes it visible only when it holds all of its allocations
 * and nodes, appending its audit entry in the same step. From then on nothing of it changes but its
 * distributor, recorded once.
 *
 * getClaims is one round trip on Redis (one script) and one transaction on SQLite, whatever the
 * number of plans.
 */
import type { AuditEntry } from "@/lib/store/ports/moderation";
import { ADMIN_BATCH_LIMIT } from "@/lib/store/ports/operator";
import type { PayoutMode } from "@/lib/domain/payouts";

/** Most allocations one putPayoutAllocations call takes. */
export const MAX_ALLOCATION_BATCH = ADMIN_BATCH_LIMIT;

/**
 * Most nodes one putPayoutNodes or readPayoutNodes call takes: 64 KB, which Redis's Lua turns from or
 * into hex in about 11 ms (13 ms read, measured on redis-server 7 here; 8,192 nodes took 36 and 46 ms),
 * about what a putWallets batch holds the server.
 */
export const MAX_NODE_BATCH = 2048;

/** Bytes of one tree node (a keccak256 hash). */
export const NODE_BYTES = 32;

export interface PayoutDistributor {
  address: string;
  chainId: number;
}

export interface PayoutPlan {
  /** A slug the service chooses. */
  id: string;
  /** The all-time board, or the number of an ended season. */
  board: "all" | number;
  /** The token's address, lowercase. */
  token: string;
  chainId: number;
  mode: PayoutMode;
  /** Base units per reward unit (per_unit), as a decimal string; null for a pool. */
  unitAmount: string | null;
  /** The pool in base units (pool), as a decimal string; null per unit. */
  pool: string | null;
  top: number | null;
  minRewards: number | null;
  /** Unix seconds after which the distributor stops paying. */
  deadline: number;
  root: string;
  /** Decimal strings of base units. */
  total: string;
  remainder: string;
  count: number;
  /** sha256 (hex) of the plan's CSV. */
  sha256: string;
  createdAt: number;
  /** Who built it: an admin wallet, "token", or the CLI's label. */
  createdBy: string;
  /** null until a deployed distributor is recorded. */
  distributor: PayoutDistributor | null;
}

export interface StoredAllocation {
  wallet: string;
  /** Decimal base units. */
  amount: string;
  /** The leaf's place in the tree's node array. */
  treeIndex: number;
}

export interface PayoutClaim {
  plan: PayoutPlan;
  amount: string;
  /** The sibling nodes from the leaf up, as 0x-hex. */
  proof: string[];
}

export type PublishResult = { outcome: "published"; audit: AuditEntry } | { outcome: "incomplete" | "missing" };

export type RecordDistributorResult = { outcome: "recorded"; plan: PayoutPlan; audit: AuditEntry } | { outcome: "already"; plan: PayoutPlan } | { outcome: "missing" };

export interface PayoutStore {
  /**
   * Stores the plan's header (distributor null), unseen until published; "exists" when the id is taken.
   * In the same step, removes every plan still staged that was created before `abandonedBefore`, with
   * its allocations and nodes (abandoned: ABANDONED_STAGING_SECONDS); published plans are never touched.
   */
  stagePayoutPlan(plan: PayoutPlan, abandonedBefore: number): Promise<"staged" | "exists">;

  /**
   * Appends allocations, in rank order, to a staged plan whose allocations so far number exactly
   * `from`; otherwise (out of place, or no such staged plan) nothing is written and it answers false.
   */
  putPayoutAllocations(planId: string, from: number, allocations: StoredAllocation[]): Promise<boolean>;

  /** Appends nodes (NODE_BYTES each) to a staged plan that holds exactly `from` nodes; false otherwise. */
  putPayoutNodes(planId: string, from: number, nodes: Uint8Array): Promise<boolean>;

  /**
   * Publishes a staged plan holding its `count` allocations and 2 * count - 1 nodes, and appends the
   * audit entry (action "payout-plan", admin createdBy, reason naming the plan and its root).
   */
  publishPayoutPlan(planId: string, now: number): Promise<PublishResult>;

  /** Published plans, newest first. */
  listPayoutPlans(): Promise<PayoutPlan[]>;

  /** A published plan, or null. */
  getPayoutPlan(planId: string): Promise<PayoutPlan | null>;

  /** A published plan's allocations from 0-based `offset` in rank order (at most MAX_ALLOCATION_BATCH). */
  readPayoutAllocations(planId: string, offset: number, limit: number): Promise<StoredAllocation[]>;

  /** A published plan's nodes from `offset` (at most MAX_NODE_BATCH), NODE_BYTES each. */
  readPayoutNodes(planId: string, offset: number, count: number): Promise<Uint8Array>;

  /**
   * Records the plan's deployed distributor, once (a second call answers "already" and changes
   * nothing), and appends the audit entry (action "payout-distributor").
   */
  recordPayoutDistributor(planId: string, distributor: PayoutDistributor, admin: string, now: number): Promise<RecordDistributorResult>;

  /** What the wallet may claim from every plan with a distributor, newest plan first. */
  getClaims(wallet: string): Promise<PayoutClaim[]>;
}

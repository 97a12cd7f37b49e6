/**
 * Payout plans on SQLite (lib/store/ports/payouts.ts). Owns `payout_plans` (the header as JSON, whether
 * it is published, its distributor once recorded), `payout_allocations` (rank order by position, and by
 * wallet for claims) and `payout_nodes` (one row per tree node, so a proof is a handful of key
 * lookups). Appends to `audit_log` (moderation.ts owns it) in the transaction of the action it records,
 * and a publication's payout.created to the webhook outbox (webhooks.ts).
 */
import "server-only";
import { immediate, required, snapshot, type Db } from "@/lib/store/sqlite/db";
import { proofIndices } from "@/lib/domain/payouts";
import { NODE_BYTES, type PayoutPlan, type PayoutStore, type StoredAllocation } from "@/lib/store/ports/payouts";
import type { AuditEntry } from "@/lib/store/ports/moderation";
import type { Outbox } from "@/lib/store/sqlite/webhooks";

/** The migration of the payout tables: appended to MIGRATIONS (migrations.ts) after every earlier one. */
export const PAYOUT_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE payout_plans (
    id                TEXT PRIMARY KEY,
    plan              TEXT NOT NULL,
    created_at        INTEGER NOT NULL,
    published         INTEGER NOT NULL DEFAULT 0,
    distributor       TEXT,
    distributor_chain INTEGER
  ) STRICT;
  CREATE INDEX payout_plans_live ON payout_plans (created_at) WHERE distributor IS NOT NULL;

  CREATE TABLE payout_allocations (
    plan_id    TEXT NOT NULL,
    position   INTEGER NOT NULL,
    wallet     TEXT NOT NULL,
    amount     TEXT NOT NULL,
    tree_index INTEGER NOT NULL,
    PRIMARY KEY (plan_id, position)
  ) STRICT, WITHOUT ROWID;
  CREATE UNIQUE INDEX payout_allocations_wallet ON payout_allocations (wallet, plan_id);

  CREATE TABLE payout_nodes (
    plan_id TEXT NOT NULL,
    idx     INTEGER NOT NULL,
    hash    BLOB NOT NULL,
    PRIMARY KEY (plan_id, idx)
  ) STRICT, WITHOUT ROWID;
  `,
];

interface PlanRow {
  plan: string;
  published: number;
  distributor: string | null;
  distributor_chain: number | null;
}

function planOf(row: PlanRow): PayoutPlan {
  const plan = JSON.parse(row.plan) as PayoutPlan;
  return { ...plan, distributor: row.distributor === null ? null : { address: row.distributor, chainId: required(row.distributor_chain ?? undefined, "distributor chain") } };
}

export function sqlitePayouts(db: Db, outbox: Outbox): PayoutStore {
  const insertPlan = db.prepare<[{ id: string; plan: string; createdAt: number }]>(
    "INSERT INTO payout_plans (id, plan, created_at) VALUES (:id, :plan, :createdAt) ON CONFLICT DO NOTHING",
  );
  const readPlan = db.prepare<[string], PlanRow>("SELECT plan, published, distributor, distributor_chain FROM payout_plans WHERE id = ?");
  const readPublished = db.prepare<[], PlanRow>(
    "SELECT plan, published, distributor, distributor_chain FROM payout_plans WHERE published = 1 ORDER BY created_at DESC, id DESC",
  );
  const countAllocations = db.prepare<[string], { n: number }>("SELECT count(*) AS n FROM payout_allocations WHERE plan_id = ?");
  const countNodes = db.prepare<[string], { n: number }>("SELECT count(*) AS n FROM payout_nodes WHERE plan_id = ?");
  const insertAllocation = db.prepare<[{ planId: string; position: number; wallet: string; amount: string; treeIndex: number }]>(
    "INSERT INTO payout_allocations (plan_id, position, wallet, amount, tree_index) VALUES (:planId, :position, :wallet, :amount, :treeIndex)",
  );
  const insertNode = db.prepare<[string, number, Buffer]>("INSERT INTO payout_nodes (plan_id, idx, hash) VALUES (?, ?, ?)");
  const publish = db.prepare<[string]>("UPDATE payout_plans SET published = 1 WHERE id = ?");
  const readAllocations = db.prepare<[{ planId: string; offset: number; limit: number }], StoredAllocation>(
    `SELECT wallet, amount, tree_index AS treeIndex FROM payout_allocations
     WHERE plan_id = :planId AND position >= :offset ORDER BY position LIMIT :limit`,
  );
  const readNodes = db.prepare<[{ planId: string; offset: number; count: number }], { hash: Buffer }>(
    "SELECT hash FROM payout_nodes WHERE plan_id = :planId AND idx >= :offset ORDER BY idx LIMIT :count",
  );
  const readNode = db.prepare<[string, number], { hash: Buffer }>("SELECT hash FROM payout_nodes WHERE plan_id = ? AND idx = ?");
  const setDistributor = db.prepare<[{ id: string; address: string; chainId: number }]>(
    "UPDATE payout_plans SET distributor = :address, distributor_chain = :chainId WHERE id = :id",
  );
  const readClaims = db.prepare<[string], PlanRow & { id: string; amount: string; tree_index: number }>(
    `SELECT p.id, p.plan, p.published, p.distributor, p.distributor_chain, a.amount, a.tree_index
     FROM payout_allocations a JOIN payout_plans p ON p.id = a.plan_id
     WHERE a.wallet = ? AND p.distributor IS NOT NULL ORDER BY p.created_at DESC, p.id DESC`,
  );
  const appendAudit = db.prepare<[Omit<AuditEntry, "id" | "cascade"> & { cascade: number }], { id: number }>(
    `INSERT INTO audit_log (at, admin, action, wallet, reason, cascade, wallets)
     VALUES (:at, :admin, :action, :wallet, :reason, :cascade, :wallets) RETURNING id`,
  );
  const audit = (entry: Omit<AuditEntry, "id" | "cascade" | "wallet">): AuditEntry => {
    const row = { ...entry, wallet: null, cascade: 0 };
    return { ...row, cascade: false, id: required(appendAudit.get(row), "audit entry just appended").id };
  };

  const staged = (planId: string): boolean => readPlan.get(planId)?.published === 0;
  const abandoned = "SELECT id FROM payout_plans WHERE published = 0 AND created_at < ?";
  const removeAbandoned = [
    db.prepare<[number]>(`DELETE FROM payout_allocations WHERE plan_id IN (${abandoned})`),
    db.prepare<[number]>(`DELETE FROM payout_nodes WHERE plan_id IN (${abandoned})`),
    db.prepare<[number]>(`DELETE FROM payout_plans WHERE id IN (${abandoned})`),
  ];

  return {
    stagePayoutPlan: immediate(db, (plan: PayoutPlan, abandonedBefore: number) => {
      for (const statement of removeAbandoned) statement.run(abandonedBefore);
      return insertPlan.run({ id: plan.id, plan: JSON.stringify({ ...plan, distributor: null }), createdAt: plan.createdAt }).changes === 1 ? "staged" : "exists";
    }),

    putPayoutAllocations: immediate(db, (planId: string, from: number, allocations: StoredAllocation[]) => {
      if (!staged(planId) || required(countAllocations.get(planId), "count of allocations").n !== from) return false;
      allocations.forEach((allocation, i) => insertAllocation.run({ planId, position: from + i, ...allocation }));
      return true;
    }),

    putPayoutNodes: immediate(db, (planId: string, from: number, nodes: Uint8Array) => {
      if (nodes.length % NODE_BYTES !== 0) throw new RangeError(`nodes are ${NODE_BYTES} bytes each, got ${nodes.length} bytes`);
      if (!staged(planId) || required(countNodes.get(planId), "count of nodes").n !== from) return false;
      const bytes = Buffer.from(nodes.buffer, nodes.byteOffset, nodes.length);
      for (let i = 0; i < bytes.length / NODE_BYTES; i++) insertNode.run(planId, from + i, bytes.subarray(i * NODE_BYTES, (i + 1) * NODE_BYTES));
      return true;
    }),

    publishPayoutPlan: immediate(db, (planId: string, now: number) => {
      const row = readPlan.get(planId);
      if (!row || row.published === 1) return { outcome: "missing" as const };
      const plan = planOf(row);
      const allocations = required(countAllocations.get(planId), "count of allocations").n;
      const nodes = required(countNodes.get(planId), "count of nodes").n;
      if (allocations !== plan.count || nodes !== 2 * plan.count - 1) return { outcome: "incomplete" as const };
      publish.run(planId);
      const { board, token, chainId, root, total, count } = plan;
      outbox.append("payout.created", now, { planId, board, token, chainId, root, total, count });
      return {
        outcome: "published" as const,
        audit: audit({ at: now, admin: plan.createdBy, action: "payout-plan", reason: `plan ${plan.id} root ${plan.root}`, wallets: plan.count }),
      };
    }),

    listPayoutPlans: snapshot(db, () => readPublished.all().map(planOf)),

    getPayoutPlan: snapshot(db, (planId: string) => {
      const row = readPlan.get(planId);
      return row?.published === 1 ? planOf(row) : null;
    }),

    readPayoutAllocations: snapshot(db, (planId: string, offset: number, limit: number) =>
      readPlan.get(planId)?.published === 1 ? readAllocations.all({ planId, offset, limit }) : [],
    ),

    readPayoutNodes: snapshot(db, (planId: string, offset: number, count: number) =>
      readPlan.get(planId)?.published === 1 ? Buffer.concat(readNodes.all({ planId, offset, count }).map((row) => row.hash)) : new Uint8Array(),
    ),

    recordPayoutDistributor: immediate(db, (planId: string, distributor: { address: string; chainId: number }, admin: string, now: number) => {
      const row = readPlan.get(planId);
      if (!row || row.published !== 1) return { outcome: "missing" as const };
      if (row.distributor !== null) return { outcome: "already" as const, plan: planOf(row) };
      setDistributor.run({ id: planId, ...distributor });
      const plan = planOf({ ...row, distributor: distributor.address, distributor_chain: distributor.chainId });
      const reason = `plan ${plan.id} root ${plan.root} distributor ${distributor.address} chain ${distributor.chainId}`;
      return { outcome: "recorded" as const, plan, audit: audit({ at: now, admin, action: "payout-distributor", reason, wallets: plan.count }) };
    }),

    getClaims: snapshot(db, (wallet: string) =>
      readClaims.all(wallet).map((row) => ({
        plan: planOf(row),
        amount: row.amount,
        proof: proofIndices(row.tree_index).map((i) => `0x${required(readNode.get(row.id, i), `node ${i} of plan ${row.id}`).hash.toString("hex")}`),
      })),
    ),
  };
}

/**
 * Payout plans on Redis (lib/store/ports/payouts.ts). A plan is a hash (its header), a list of its
 * allocations in rank order, a hash of them by wallet and one string of its tree's nodes, so a proof is
 * GETRANGEs of the siblings: getClaims is one script over every plan with a distributor.
 *
 * Keys: pay:plans, pay:live, pay:<id>, pay:<id>:rows, pay:<id>:w, pay:<id>:nodes (keys.ts), audit (appended); publishing
 * writes payout.created to the webhooks' outbox (outboxInputs of webhooks.ts).
 * Scripts: payouts/stage-payout-plan, put-payout-allocations, put-payout-nodes, publish-payout-plan,
 * list-payout-plans, read-payout-allocations, read-payout-nodes, record-payout-distributor, get-claims
 * (and lib/payouts.lua).
 */
import "server-only";
import type { RedisContext } from "@/lib/store/redis/context";
import { int, list, str, UnexpectedReplyError } from "@/lib/store/redis/reply";
import { whole } from "@/lib/store/redis/run";
import type { AuditEntry, PayoutPlan, PayoutStore, StoredAllocation } from "@/lib/store/types";
import { outboxInputs } from "@/lib/store/redis/webhooks";

/** A header as readPlanHeader of lib/payouts.lua returns it: {plan JSON, distributor, chain}. */
function planOf(reply: unknown): PayoutPlan {
  const [json, distributor, chain] = list(reply, "payout plan", 3);
  const plan = JSON.parse(str(json, "payout plan")) as PayoutPlan;
  return { ...plan, distributor: distributor === null ? null : { address: str(distributor, "distributor"), chainId: int(chain, "distributor chain") } };
}

function allocationOf(value: unknown): StoredAllocation {
  const [wallet, amount, treeIndex] = str(value, "allocation").split(",");
  if (wallet === undefined || amount === undefined || treeIndex === undefined) throw new UnexpectedReplyError("allocation", value);
  return { wallet, amount, treeIndex: int(treeIndex, "tree index") };
}

function auditOf(id: unknown, entry: Omit<AuditEntry, "id" | "wallet" | "cascade">): AuditEntry {
  return { id: int(id, "audit id"), ...entry, wallet: null, cascade: false };
}

export function payoutOperations(context: RedisContext): PayoutStore {
  const { keys, run, runList } = context;
  const planKeys = (id: string) => {
    const plan = keys.payoutPlan(id);
    return { plan, rows: `${plan}:rows`, wallets: `${plan}:w`, nodes: `${plan}:nodes` };
  };
  const readAllocations = async (id: string, offset: number, limit: number) => {
    const k = planKeys(id);
    const reply = await runList("read-payout-allocations", [k.plan, k.rows], [whole(offset), whole(limit)], 0);
    return reply.length === 0 ? null : { plan: planOf(reply[0]), rows: list(reply[1], "allocations").map(allocationOf) };
  };
  return {
    async stagePayoutPlan(plan, abandonedBefore) {
      const args = [
        plan.id,
        JSON.stringify({ ...plan, distributor: null }),
        whole(plan.count),
        plan.createdBy,
        plan.root,
        whole(plan.createdAt),
        whole(abandonedBefore),
        keys.payoutPlanKeyPrefix,
      ];
      const reply = await run("stage-payout-plan", [keys.payoutPlan(plan.id), keys.payoutStaged], args);
      if (reply !== "staged" && reply !== "exists") throw new UnexpectedReplyError("stagePayoutPlan", reply);
      return reply;
    },

    async putPayoutAllocations(id, from, allocations) {
      const k = planKeys(id);
      const args = [whole(from), ...allocations.flatMap((a) => [a.wallet, a.amount, whole(a.treeIndex)])];
      return int(await run("put-payout-allocations", [k.plan, k.rows, k.wallets], args), "putPayoutAllocations") === 1;
    },

    async putPayoutNodes(id, from, nodes) {
      const k = planKeys(id);
      const reply = await run("put-payout-nodes", [k.plan, k.nodes], [whole(from), Buffer.from(nodes.buffer, nodes.byteOffset, nodes.length).toString("hex")]);
      return int(reply, "putPayoutNodes") === 1;
    },

    async publishPayoutPlan(id, now) {
      const k = planKeys(id);
      const outbox = outboxInputs(context, now);
      const scriptKeys = [k.plan, k.rows, k.wallets, k.nodes, keys.payoutPlans, keys.audit, keys.payoutStaged, ...outbox.keys];
      const reply = await runList("publish-payout-plan", scriptKeys, [id, whole(now), ...outbox.args], 1);
      if (reply[0] === "missing" || reply[0] === "incomplete") return { outcome: reply[0] };
      if (reply[0] !== "published") throw new UnexpectedReplyError("publishPayoutPlan", reply);
      const reason = `plan ${id} root ${str(reply[4], "root")}`;
      return {
        outcome: "published",
        audit: auditOf(reply[1], { at: now, admin: str(reply[2], "createdBy"), action: "payout-plan", reason, wallets: int(reply[3], "count") }),
      };
    },

    async listPayoutPlans() {
      return (await runList("list-payout-plans", [keys.payoutPlans], [keys.payoutPlanKeyPrefix], 0)).map(planOf);
    },

    async getPayoutPlan(id) {
      return (await readAllocations(id, 0, 0))?.plan ?? null;
    },

    async readPayoutAllocations(id, offset, limit) {
      return (await readAllocations(id, offset, limit))?.rows ?? [];
    },

    async readPayoutNodes(id, offset, count) {
      const k = planKeys(id);
      return Buffer.from(str(await run("read-payout-nodes", [k.plan, k.nodes], [whole(offset), whole(count)]), "nodes"), "hex");
    },

    async recordPayoutDistributor(id, distributor, admin, now) {
      const args = [id, distributor.address, whole(distributor.chainId), admin, whole(now)];
      const reply = await runList("record-payout-distributor", [keys.payoutPlan(id), keys.payoutLive, keys.audit], args, 1);
      switch (reply[0]) {
        case "missing":
          return { outcome: "missing" };
        case "already":
          return { outcome: "already", plan: planOf(reply[1]) };
        case "recorded": {
          const plan = planOf(reply[2]);
          const reason = `plan ${id} root ${plan.root} distributor ${distributor.address} chain ${distributor.chainId}`;
          return { outcome: "recorded", plan, audit: auditOf(reply[1], { at: now, admin, action: "payout-distributor", reason, wallets: plan.count }) };
        }
        default:
          throw new UnexpectedReplyError("recordPayoutDistributor", reply);
      }
    },

    async getClaims(wallet) {
      const reply = await runList("get-claims", [keys.payoutLive], [keys.payoutPlanKeyPrefix, wallet], 0);
      return reply.map((claim) => {
        const [header, amount, proof] = list(claim, "claim", 3);
        const hex = str(proof, "proof");
        return { plan: planOf(header), amount: str(amount, "amount"), proof: Array.from({ length: hex.length / 64 }, (_, i) => `0x${hex.slice(i * 64, i * 64 + 64)}`) };
      });
    },
  };
}

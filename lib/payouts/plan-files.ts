/**
 * A stored plan as files: its CSV (the bytes its sha256 covers) and OpenZeppelin's tree dump
 * (StandardMerkleTree's `dump()`, which `StandardMerkleTree.load` reads back), each streamed page by
 * page from the store so a 1M-allocation plan never sits in memory whole.
 */
import { textStream } from "@/lib/operators/text-stream";
import { LEAF_ENCODING, PLAN_CSV_HEADER, planCsvLine } from "@/lib/payouts/tree";
import { MAX_ALLOCATION_BATCH, MAX_NODE_BATCH, NODE_BYTES, type PayoutPlan, type PayoutStore } from "@/lib/store/types";

type PlanReads = Pick<PayoutStore, "readPayoutAllocations" | "readPayoutNodes">;

/** The plan's CSV: `wallet,amount`, then one line per allocation in rank order. */
export async function* planCsv(store: PlanReads, plan: PayoutPlan): AsyncGenerator<string> {
  yield PLAN_CSV_HEADER;
  for (let offset = 0; offset < plan.count; offset += MAX_ALLOCATION_BATCH) {
    const rows = await store.readPayoutAllocations(plan.id, offset, MAX_ALLOCATION_BATCH);
    yield rows.map((row) => planCsvLine(row.wallet, row.amount)).join("");
  }
}

/** OpenZeppelin's dump: { format: "standard-v1", leafEncoding, tree: [node hex...], values: [{ value: [wallet, amount], treeIndex }...] }. */
export async function* planTreeDump(store: PlanReads, plan: PayoutPlan): AsyncGenerator<string> {
  yield `{"format":"standard-v1","leafEncoding":${JSON.stringify(LEAF_ENCODING)},"tree":[`;
  const nodes = 2 * plan.count - 1;
  for (let offset = 0; offset < nodes; offset += MAX_NODE_BATCH) {
    const bytes = Buffer.from(await store.readPayoutNodes(plan.id, offset, MAX_NODE_BATCH));
    const hex = Array.from({ length: bytes.length / NODE_BYTES }, (_, i) => `"0x${bytes.subarray(i * NODE_BYTES, (i + 1) * NODE_BYTES).toString("hex")}"`);
    yield (offset === 0 ? "" : ",") + hex.join(",");
  }
  yield `],"values":[`;
  for (let offset = 0; offset < plan.count; offset += MAX_ALLOCATION_BATCH) {
    const rows = await store.readPayoutAllocations(plan.id, offset, MAX_ALLOCATION_BATCH);
    yield (offset === 0 ? "" : ",") + rows.map((row) => JSON.stringify({ value: [row.wallet, row.amount], treeIndex: row.treeIndex })).join(",");
  }
  yield "]}\n";
}

/** The plan's CSV or tree dump as a byte stream for a Response, read one batch per pull (see textStream). */
export function planStream(store: PayoutStore, plan: PayoutPlan, format: "csv" | "tree"): Promise<ReadableStream<Uint8Array>> {
  return textStream(format === "csv" ? planCsv(store, plan) : planTreeDump(store, plan), "payout plan stream", undefined);
}

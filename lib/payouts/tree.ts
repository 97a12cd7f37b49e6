/**
 * A plan's Merkle tree and its CSV. The tree is OpenZeppelin's StandardMerkleTree over
 * [address, uint256] leaves, so its proofs verify with OpenZeppelin's MerkleProof (the distributor
 * contract) and any tool following that standard. Its nodes are kept as one run of 32-byte hashes in
 * OpenZeppelin's layout (root at 0, children of i at 2i+1 and 2i+2), which is what the store holds so
 * a proof is read without rebuilding the tree.
 *
 * The CSV is the plan's statement, in rank order: `wallet,amount` then one line per allocation (LF);
 * its sha256 is the plan's checksum, and the stored plan reproduces it byte for byte.
 */
import { createHash } from "node:crypto";
import { StandardMerkleTree } from "@openzeppelin/merkle-tree";
import type { Allocation } from "@/lib/domain/payouts";

export const LEAF_ENCODING = ["address", "uint256"];
export const PLAN_CSV_HEADER = "wallet,amount\n";

/** A leaf as StandardMerkleTree takes it: the amount as a decimal string (JSON carries it whole). */
export type PlanLeaf = [wallet: string, amount: string];

export interface IndexedAllocation {
  wallet: string;
  /** Decimal base units. */
  amount: string;
  /** The leaf's place in the tree's node array. */
  treeIndex: number;
}

export interface PlanTree {
  root: `0x${string}`;
  /** In rank order, each with its leaf's place in the tree. */
  allocations: IndexedAllocation[];
  /** Every node, 32 bytes each, in OpenZeppelin's order: 2 * count - 1 of them. */
  nodes: Buffer;
  sha256: string;
}

export function planCsvLine(wallet: string, amount: string): string {
  return `${wallet},${amount}\n`;
}

/** The tree, nodes, indices and checksum of at least one allocation. */
export function buildPlanTree(allocations: readonly Allocation[]): PlanTree {
  const leaves: PlanLeaf[] = allocations.map(({ wallet, amount }) => [wallet, amount.toString()]);
  const tree = StandardMerkleTree.of(leaves, LEAF_ENCODING);
  const dump = tree.dump();
  const nodes = Buffer.allocUnsafe(dump.tree.length * 32);
  dump.tree.forEach((node, i) => nodes.write(node.slice(2), i * 32, "hex"));
  const hash = createHash("sha256").update(PLAN_CSV_HEADER);
  const indexed = dump.values.map(({ value: [wallet, amount], treeIndex }) => {
    hash.update(planCsvLine(wallet, amount));
    return { wallet, amount, treeIndex };
  });
  return { root: tree.root as `0x${string}`, allocations: indexed, nodes, sha256: hash.digest("hex") };
}

/** The sibling indices from a leaf up to the root's children: the proof's nodes, in proof order. */
export function proofIndices(treeIndex: number): number[] {
  const out: number[] = [];
  for (let i = treeIndex; i > 0; i = Math.floor((i - 1) / 2)) out.push(i % 2 === 0 ? i - 1 : i + 1);
  return out;
}

/** The proof of a leaf read from the stored nodes. */
export function proofFromNodes(nodes: Buffer, treeIndex: number): `0x${string}`[] {
  return proofIndices(treeIndex).map((i) => `0x${nodes.subarray(i * 32, i * 32 + 32).toString("hex")}` as const);
}

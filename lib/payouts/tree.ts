/**
 * A plan's Merkle tree and its CSV. The tree is OpenZeppelin's StandardMerkleTree over
 * [address, uint256] leaves (built here to its standard, see buildPlanTree), so its proofs verify with OpenZeppelin's MerkleProof (the distributor
 * contract) and any tool following that standard. Its nodes are kept as one run of 32-byte hashes in
 * OpenZeppelin's layout (root at 0, children of i at 2i+1 and 2i+2), which is what the store holds so
 * a proof is read without rebuilding the tree.
 *
 * The CSV is the plan's statement, in rank order: `wallet,amount` then one line per allocation (LF);
 * its sha256 is the plan's checksum, and the stored plan reproduces it byte for byte.
 */
import { createHash } from "node:crypto";
import { keccak256 } from "viem";
import { proofIndices, type Allocation } from "@/lib/domain/payouts";

export const LEAF_ENCODING = ["address", "uint256"];
export const PLAN_CSV_HEADER = "wallet,amount\n";

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

/** abi.encode(address, uint256): the address and the amount, each left-padded to 32 bytes. */
function encodeLeaf(wallet: string, amount: bigint, into: Buffer): Buffer {
  into.fill(0, 0, 12);
  into.write(wallet.slice(2), 12, "hex");
  into.write(amount.toString(16).padStart(64, "0"), 32, "hex");
  return into;
}

/** OpenZeppelin's standardLeafHash: keccak256(keccak256(abi.encode(leaf))). */
function leafHash(wallet: string, amount: bigint, scratch: Buffer): Uint8Array {
  return keccak256(keccak256(encodeLeaf(wallet, amount, scratch), "bytes"), "bytes");
}

/**
 * The tree, nodes, indices and checksum of at least one allocation. The same tree as
 * StandardMerkleTree.of(leaves, LEAF_ENCODING) (leaves sorted by hash, the node hash of the sorted
 * pair; the tests hold them equal), built over one buffer: OpenZeppelin's own keeps every node as a
 * hex string and every value in a lookup map, about 4 KB a leaf, which a 1M-allocation plan cannot afford.
 */
export function buildPlanTree(allocations: readonly Allocation[]): PlanTree {
  const count = allocations.length;
  if (count === 0) throw new RangeError("a plan's tree needs at least one allocation");
  const nodes = Buffer.alloc((2 * count - 1) * 32);
  const scratch = Buffer.alloc(64);
  const leaves = allocations.map(({ wallet, amount }, valueIndex) => ({ hash: Buffer.from(leafHash(wallet, amount, scratch)), valueIndex }));
  leaves.sort((a, b) => Buffer.compare(a.hash, b.hash));
  const treeIndices = new Array<number>(count);
  const last = 2 * count - 2;
  leaves.forEach(({ hash, valueIndex }, leafIndex) => {
    hash.copy(nodes, (last - leafIndex) * 32);
    treeIndices[valueIndex] = last - leafIndex;
  });
  for (let i = last - count; i >= 0; i--) {
    const left = nodes.subarray((2 * i + 1) * 32, (2 * i + 2) * 32);
    const right = nodes.subarray((2 * i + 2) * 32, (2 * i + 3) * 32);
    const pair = Buffer.compare(left, right) <= 0 ? [left, right] : [right, left];
    nodes.set(keccak256(Buffer.concat(pair), "bytes"), i * 32);
  }
  const hash = createHash("sha256").update(PLAN_CSV_HEADER);
  const indexed = allocations.map(({ wallet, amount }, i) => {
    const text = amount.toString();
    hash.update(planCsvLine(wallet, text));
    return { wallet, amount: text, treeIndex: treeIndices[i] as number };
  });
  return { root: `0x${nodes.subarray(0, 32).toString("hex")}`, allocations: indexed, nodes, sha256: hash.digest("hex") };
}

/** The proof of a leaf read from the stored nodes. */
export function proofFromNodes(nodes: Buffer, treeIndex: number): `0x${string}`[] {
  return proofIndices(treeIndex).map((i) => `0x${nodes.subarray(i * 32, i * 32 + 32).toString("hex")}` as const);
}

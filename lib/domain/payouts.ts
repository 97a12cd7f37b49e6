/**
 * The payout plan's arithmetic (issue #29): from the board's rows, in rank order, to each wallet's
 * token amount in base units. Pure, no I/O; amounts are bigint here and decimal integer strings at
 * every boundary (base units pass 2^53).
 *
 * - "per_unit": a wallet gets `unitAmount` per reward unit (its `rewards`); nothing is left over.
 * - "pool": `pool` is split in proportion to reward units, each share rounded down; what the rounding
 *   leaves is the plan's `remainder`, never distributed.
 *
 * `top` keeps ranks 1..top as the board numbers them: the board gives every row its own rank (equal
 * scores go to the wallet that reached the score first, then by address), so a tie at the cut is
 * settled the way the board already shows it: the row at rank top + 1 is out, whatever its score.
 * `minRewards` keeps rows with at least that many reward units (the limit itself counts). A wallet
 * whose amount is 0 (no rewards, or a pool share that rounds down to nothing) is left out.
 */

/** A plan's id: 12 lowercase hex characters, chosen when it is built (it goes into store keys: never a colon). */
export const PLAN_ID_PATTERN = /^[0-9a-f]{12}$/;

/** The most rows (ranks a plan may pay) one request builds a plan from; `npm run payout:plan` has no limit. */
export const MAX_API_ALLOCATIONS = 100_000;

/**
 * A plan staged this long before another is staged, and still not published, was abandoned: its build
 * died (a request past its time limit, a killed CLI). Staging the next plan removes it with its
 * allocations and nodes. The biggest build measured (929,186 allocations) took 88 s.
 */
export const ABANDONED_STAGING_SECONDS = 3600;

export const PAYOUT_MODES = ["per_unit", "pool"] as const;
export type PayoutMode = (typeof PAYOUT_MODES)[number];

export type PayoutTerms = { mode: "per_unit"; unitAmount: bigint } | { mode: "pool"; pool: bigint };

export interface PayoutSelection {
  /** Only ranks 1..top; undefined: every rank. */
  top?: number;
  /** Only rows with rewards >= minRewards; undefined: 0. */
  minRewards?: number;
}

/** A row of the board as the rewards export gives it. */
export interface PayoutSourceRow {
  rank: number;
  wallet: string;
  rewards: number;
}

export interface Allocation {
  wallet: string;
  amount: bigint;
}

export interface AllocationResult {
  /** In rank order. */
  allocations: Allocation[];
  total: bigint;
  /** What the plan leaves undistributed: the pool's rounding, 0 per unit. */
  remainder: bigint;
}

/** Whether a row takes part, before its amount is known. */
export function isSelected(row: PayoutSourceRow, selection: PayoutSelection): boolean {
  if (selection.top !== undefined && row.rank > selection.top) return false;
  return row.rewards >= (selection.minRewards ?? 0) && row.rewards > 0;
}

/** The allocations of the selected rows (taken in the order given: rank order). */
export function allocate(rows: readonly PayoutSourceRow[], terms: PayoutTerms, selection: PayoutSelection): AllocationResult {
  const selected = rows.filter((row) => isSelected(row, selection));
  const allocations: Allocation[] = [];
  let total = 0n;
  if (terms.mode === "per_unit") {
    for (const row of selected) {
      const amount = terms.unitAmount * BigInt(row.rewards);
      if (amount === 0n) continue;
      allocations.push({ wallet: row.wallet, amount });
      total += amount;
    }
    return { allocations, total, remainder: 0n };
  }
  const units = selected.reduce((sum, row) => sum + BigInt(row.rewards), 0n);
  for (const row of selected) {
    const amount = (terms.pool * BigInt(row.rewards)) / units;
    if (amount === 0n) continue;
    allocations.push({ wallet: row.wallet, amount });
    total += amount;
  }
  return { allocations, total, remainder: terms.pool - total };
}

/** A token amount as the API writes it: a positive decimal integer without leading zeros. */
export const POSITIVE_AMOUNT = /^[1-9][0-9]*$/;

/** Largest amount a uint256 leaf holds. */
export const MAX_UINT256 = 2n ** 256n - 1n;

/** The amount of a decimal string, or null when it is not a positive integer within uint256. */
export function parseAmount(text: string): bigint | null {
  if (!POSITIVE_AMOUNT.test(text) || text.length > 78) return null;
  const amount = BigInt(text);
  return amount <= MAX_UINT256 ? amount : null;
}

/**
 * The sibling indices from a leaf up to the root's children, in proof order, in OpenZeppelin's tree
 * layout (root at 0, children of i at 2i+1 and 2i+2, so the sibling of i is i-1 when i is even, i+1 when odd).
 */
export function proofIndices(treeIndex: number): number[] {
  const out: number[] = [];
  for (let i = treeIndex; i > 0; i = Math.floor((i - 1) / 2)) out.push(i % 2 === 0 ? i - 1 : i + 1);
  return out;
}

/**
 * Payout plans (issue #29): built from the board by an admin (or `npm run payout:plan`), frozen once
 * stored, read as JSON, CSV or OpenZeppelin's tree dump, bound to the distributor deployed for it, and
 * claimed by the wallets in it.
 *
 * Where the API stops: a request builds a plan of at most MAX_API_ALLOCATIONS rows (about 3 s of tree
 * and a few hundred store calls, inside a serverless function's time and memory); a bigger board is
 * refused with a 413 naming the CLI, which builds the same plan through the same code without a limit.
 */
import { randomBytes } from "node:crypto";
import type { Address } from "viem";
import { ChainMismatchError, type DistributorReads } from "@/lib/chain/distributor-reads";
import { DistributorError } from "@/lib/chain/payout-distributor";
import { ChainError } from "@/lib/chain/verifier";
import { ApiError } from "@/lib/contract/errors";
import type { ClaimResponse, CreatePayoutBody, CreatePayoutResponse, PlanFormat } from "@/lib/contract/payout-schemas";
import { allocate, MAX_API_ALLOCATIONS, MAX_UINT256, PLAN_ID_PATTERN, type PayoutSelection, type PayoutTerms } from "@/lib/domain/payouts";
import { seasonAt } from "@/lib/domain/seasons";
import { BoardChangedError, readPayoutRows } from "@/lib/payouts/board-rows";
import { planStream } from "@/lib/payouts/plan-files";
import { storePlan } from "@/lib/payouts/store-plan";
import { buildPlanTree } from "@/lib/payouts/tree";
import type { Deps } from "@/lib/services/context";
import type { BoardRef, OperatorStore, PayoutPlan, PayoutStore } from "@/lib/store/types";

export type PayoutDeps = Pick<Deps, "clock" | "seasons"> &
  Partial<Pick<Deps, "events">> & { store: PayoutStore & Pick<OperatorStore, "scanLeaderboard" | "countLeaderboard"> };

export const payoutErrors = {
  unknownSeason: (season: number) => new ApiError(400, `Invalid board: season ${season} is unknown (seasons off, or not started)`),
  runningSeason: (season: number) => new ApiError(400, `Invalid board: season ${season} is still running; a plan pays an ended season`),
  deadlinePast: () => new ApiError(400, "Invalid deadline: in the past"),
  totalTooLarge: () => new ApiError(400, "Invalid unitAmount: the plan's total would pass 2^256 - 1"),
  nothingToPay: () => new ApiError(400, "Nothing to pay: no wallet of the board gets a positive amount under these terms"),
  tooBig: (rows: number) =>
    new ApiError(413, `The board has ${rows} rows to pay, over the ${MAX_API_ALLOCATIONS} a request builds: run npm run payout:plan`),
  boardChanged: () => new ApiError(409, "The leaderboard changed while the plan read it; build it again"),
  notFound: () => new ApiError(404, "Payout plan not found"),
  distributorMismatch: (what: string) => new ApiError(400, `Invalid address: the distributor ${what}`),
  notADistributor: (why: string) => new ApiError(400, `Invalid address: ${why}`),
  otherChain: (why: string) => new ApiError(409, `The distributor can't be checked: ${why}`),
  chainOff: () => new ApiError(503, "The distributor can't be checked: RPC_URL is not set"),
  chainDown: () => new ApiError(503, "Could not read the chain, please retry"),
  distributorRecorded: () => new ApiError(409, "The plan's distributor is already recorded"),
};

/** The plan id of a path /api/admin/payouts/{id}[/...], `fromEnd` segments from its end; 404 for anything else. */
export function planIdOfPath(pathname: string, fromEnd = 1): string {
  const id = pathname.split("/").at(-fromEnd) ?? "";
  if (!PLAN_ID_PATTERN.test(id)) throw payoutErrors.notFound();
  return id;
}

/** The board a plan pays: all-time, or a season that has ended. */
function boardOf(deps: Pick<Deps, "clock" | "seasons">, board: CreatePayoutBody["board"]): BoardRef {
  if (board === "all") return "all";
  if (!deps.seasons) throw payoutErrors.unknownSeason(board);
  const current = seasonAt(deps.clock(), deps.seasons);
  if (board > current) throw payoutErrors.unknownSeason(board);
  if (board === current) throw payoutErrors.runningSeason(board);
  return { season: board };
}

export interface BuildOptions {
  /** The most rows to read (MAX_API_ALLOCATIONS for a request; unbounded for the CLI). */
  maxRows: number;
  /** Called with each step's name as it ends (the CLI's progress). */
  onStep?: (step: string) => void;
}

/** POST /api/admin/payouts, and `npm run payout:plan`. */
export async function buildPayoutPlan(deps: PayoutDeps, admin: string, body: CreatePayoutBody, options: BuildOptions = { maxRows: MAX_API_ALLOCATIONS }): Promise<CreatePayoutResponse> {
  const now = deps.clock();
  if (body.deadline <= now) throw payoutErrors.deadlinePast();
  const board = boardOf(deps, body.board);
  const entries = await deps.store.countLeaderboard(board);
  const rows = Math.min(entries, body.top ?? Infinity);
  if (rows > options.maxRows) throw payoutErrors.tooBig(rows);

  const terms: PayoutTerms = body.mode === "per_unit" ? { mode: "per_unit", unitAmount: BigInt(body.unitAmount ?? 0) } : { mode: "pool", pool: BigInt(body.pool ?? 0) };
  const selection: PayoutSelection = { top: body.top, minRewards: body.minRewards };
  const source = await readPayoutRows(deps.store, board, selection, entries).catch((error: unknown) => {
    throw error instanceof BoardChangedError ? payoutErrors.boardChanged() : error;
  });
  options.onStep?.(`read ${source.length} rows`);
  const result = allocate(source, terms, selection);
  if (result.allocations.length === 0) throw payoutErrors.nothingToPay();
  if (result.total > MAX_UINT256) throw payoutErrors.totalTooLarge();
  const tree = buildPlanTree(result.allocations);
  options.onStep?.(`built the tree of ${tree.allocations.length} allocations`);

  const plan: PayoutPlan = {
    id: randomBytes(6).toString("hex"),
    board: body.board,
    token: body.token,
    chainId: body.chainId,
    mode: body.mode,
    unitAmount: body.mode === "per_unit" ? (body.unitAmount ?? null) : null,
    pool: body.mode === "pool" ? (body.pool ?? null) : null,
    top: body.top ?? null,
    minRewards: body.minRewards ?? null,
    deadline: body.deadline,
    root: tree.root,
    total: result.total.toString(),
    remainder: result.remainder.toString(),
    count: tree.allocations.length,
    sha256: tree.sha256,
    createdAt: now,
    createdBy: admin,
    distributor: null,
  };
  await storePlan(deps.store, plan, tree, now);
  deps.events?.emit({ type: "payout.created", planId: plan.id, at: now });
  options.onStep?.("stored");
  return { id: plan.id, root: plan.root, total: plan.total, count: plan.count, remainder: plan.remainder, sha256: plan.sha256 };
}

/** GET /api/admin/payouts */
export async function listPayoutPlans(deps: { store: PayoutStore }): Promise<{ plans: PayoutPlan[] }> {
  return { plans: await deps.store.listPayoutPlans() };
}

async function planOrNotFound(store: PayoutStore, id: string): Promise<PayoutPlan> {
  const plan = await store.getPayoutPlan(id);
  if (!plan) throw payoutErrors.notFound();
  return plan;
}

export const PLAN_CONTENT_TYPES: Record<PlanFormat, string> = {
  json: "application/json; charset=utf-8",
  csv: "text/csv; charset=utf-8",
  tree: "application/json; charset=utf-8",
};

/** GET /api/admin/payouts/{id}: the plan, or its CSV or tree dump as a stream. */
export async function readPayoutPlan(deps: { store: PayoutStore }, id: string, format: PlanFormat): Promise<PayoutPlan | ReadableStream<Uint8Array>> {
  const plan = await planOrNotFound(deps.store, id);
  if (format === "json") return plan;
  return planStream(deps.store, plan, format);
}

/**
 * POST /api/admin/payouts/{id}/distributor: records the distributor once the chain shows it pays the
 * plan's token, root and deadline, read over RPC_URL (which must serve the plan's chain).
 */
export async function recordDistributor(
  deps: Pick<Deps, "clock" | "distributorReads"> & { store: PayoutStore },
  admin: string,
  id: string,
  address: Address,
): Promise<PayoutPlan> {
  const plan = await planOrNotFound(deps.store, id);
  if (plan.distributor) throw payoutErrors.distributorRecorded();
  const state = await readOnChain(deps.distributorReads, plan.chainId, address);
  if (state.token.toLowerCase() !== plan.token) throw payoutErrors.distributorMismatch(`pays token ${state.token}, the plan ${plan.token}`);
  if (state.root.toLowerCase() !== plan.root) throw payoutErrors.distributorMismatch(`has root ${state.root}, the plan ${plan.root}`);
  if (state.deadline !== BigInt(plan.deadline)) throw payoutErrors.distributorMismatch(`has deadline ${state.deadline}, the plan ${plan.deadline}`);
  const recorded = await deps.store.recordPayoutDistributor(id, { address, chainId: plan.chainId }, admin, deps.clock());
  if (recorded.outcome === "missing") throw payoutErrors.notFound();
  if (recorded.outcome === "already") throw payoutErrors.distributorRecorded();
  return recorded.plan;
}

async function readOnChain(reads: DistributorReads | null, chainId: number, address: Address) {
  if (!reads) throw payoutErrors.chainOff();
  try {
    return await reads(chainId, address);
  } catch (error) {
    if (error instanceof DistributorError) throw payoutErrors.notADistributor(error.message);
    if (error instanceof ChainMismatchError) throw payoutErrors.otherChain(error.message);
    if (error instanceof ChainError) {
      console.error("[refboard] a payout distributor could not be read:", error.message);
      throw payoutErrors.chainDown();
    }
    throw error;
  }
}

/** GET /api/claim: one store round trip over every plan with a distributor. */
export async function getClaims(deps: { store: PayoutStore }, wallet: string): Promise<ClaimResponse> {
  const claims = await deps.store.getClaims(wallet);
  return {
    wallet,
    claims: claims.map(({ plan, amount, proof }) => ({
      plan: plan.id,
      chainId: plan.chainId,
      token: plan.token,
      distributor: plan.distributor?.address ?? "",
      amount,
      proof,
      deadline: plan.deadline,
    })),
  };
}

/**
 * The payout endpoints' contract (issue #29): building a plan, reading it (JSON, CSV, OpenZeppelin's tree
 * dump), recording its distributor, and a wallet's claims. Token amounts are decimal integer strings in
 * requests and answers: base units pass 2^53.
 */
import { z } from "zod";
import { walletSchema } from "@/lib/contract/schemas";
import { parseAmount, PAYOUT_MODES, PLAN_ID_PATTERN } from "@/lib/domain/payouts";
import { WALLET_PATTERN } from "@/lib/domain/wallet";

/** The most a top or minRewards may say, and the highest season number taken. */
const MAX_WHOLE = 1_000_000_000;

const amount = (field: string) => {
  const message = `Invalid ${field}: a positive integer string of base units (at most 2^256 - 1)`;
  return z.string({ error: message }).refine((text) => parseAmount(text) !== null, { error: message });
};

const whole = (field: string, min: number) => {
  const message = `Invalid ${field}: a whole number from ${min} to ${MAX_WHOLE}`;
  return z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(MAX_WHOLE, { error: message });
};

const tokenAddress = (field: string) => {
  const message = `Invalid ${field}: a contract address (0x and 40 hex characters)`;
  return z.string({ error: message }).regex(WALLET_PATTERN, { error: message }).transform((text) => text.toLowerCase() as `0x${string}`);
};

/** POST /api/admin/payouts */
export const createPayoutBody = z
  .object({
    board: z.union([z.literal("all"), whole("board", 1)], { error: 'Invalid board: "all" or the number of an ended season' }),
    token: tokenAddress("token"),
    chainId: whole("chainId", 1),
    mode: z.enum(PAYOUT_MODES, { error: "Invalid mode: per_unit or pool" }),
    unitAmount: amount("unitAmount").optional(),
    pool: amount("pool").optional(),
    top: whole("top", 1).optional(),
    minRewards: whole("minRewards", 0).optional(),
    deadline: z
      .number({ error: "Invalid deadline: Unix seconds" })
      .int({ error: "Invalid deadline: Unix seconds" })
      .positive({ error: "Invalid deadline: Unix seconds" })
      .max(2 ** 40, { error: "Invalid deadline: Unix seconds" }),
  })
  .superRefine((body, ctx) => {
    const [needed, other] = body.mode === "per_unit" ? (["unitAmount", "pool"] as const) : (["pool", "unitAmount"] as const);
    if (body[needed] === undefined) ctx.addIssue({ code: "custom", path: [needed], message: `Invalid ${needed}: required with mode ${body.mode}` });
    else if (body[other] !== undefined) ctx.addIssue({ code: "custom", path: [other], message: `Invalid ${other}: not taken with mode ${body.mode}` });
  });
export type CreatePayoutBody = z.output<typeof createPayoutBody>;

export const createPayoutResponse = z.object({
  id: z.string().regex(PLAN_ID_PATTERN),
  root: z.string(),
  total: z.string(),
  count: z.number().int().positive(),
  remainder: z.string(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type CreatePayoutResponse = z.infer<typeof createPayoutResponse>;

const distributorSchema = z.object({ address: z.string(), chainId: z.number().int().positive() });

/** `format=tree`: OpenZeppelin's StandardMerkleTree.dump() of the plan, which StandardMerkleTree.load reads. */
export const payoutTreeDumpSchema = z.object({
  format: z.literal("standard-v1"),
  leafEncoding: z.tuple([z.literal("address"), z.literal("uint256")]),
  tree: z.array(z.string()),
  values: z.array(z.object({ value: z.tuple([z.string(), z.string()]), treeIndex: z.number().int().nonnegative() })),
});

export const payoutPlanSchema = z.object({
  id: z.string(),
  board: z.union([z.literal("all"), z.number().int().positive()]),
  token: z.string(),
  chainId: z.number().int().positive(),
  mode: z.enum(PAYOUT_MODES),
  unitAmount: z.string().nullable(),
  pool: z.string().nullable(),
  top: z.number().int().nullable(),
  minRewards: z.number().int().nullable(),
  deadline: z.number().int(),
  root: z.string(),
  total: z.string(),
  remainder: z.string(),
  count: z.number().int().positive(),
  sha256: z.string(),
  createdAt: z.number().int(),
  createdBy: z.string(),
  distributor: distributorSchema.nullable(),
});
export type PayoutPlanJson = z.infer<typeof payoutPlanSchema>;

export const payoutPlansResponse = z.object({ plans: z.array(payoutPlanSchema) });

export const PLAN_FORMATS = ["json", "csv", "tree"] as const;
export type PlanFormat = (typeof PLAN_FORMATS)[number];

/** GET /api/admin/payouts/{id} */
export const payoutPlanQuery = z.object({
  format: z.enum(PLAN_FORMATS, { error: "Invalid format: json, csv or tree" }).default("json"),
});

/** POST /api/admin/payouts/{id}/distributor */
export const recordDistributorBody = z.object({ address: tokenAddress("address") });

export const claimSchema = z.object({
  plan: z.string(),
  chainId: z.number().int().positive(),
  token: z.string(),
  distributor: z.string(),
  amount: z.string(),
  proof: z.array(z.string()),
  deadline: z.number().int(),
});

/** GET /api/claim */
export const claimQuery = z.object({ wallet: walletSchema });
export const claimResponse = z.object({ wallet: z.string(), claims: z.array(claimSchema) });
export type ClaimResponse = z.infer<typeof claimResponse>;

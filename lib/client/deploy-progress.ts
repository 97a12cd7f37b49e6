"use client";

/**
 * How far the console got deploying a plan's distributor, kept in this browser's localStorage per plan:
 * each transaction's hash as soon as the wallet sent it, the contract once mined, the funding once mined.
 * A reload, a closed tab or a crash in the middle resumes from there, so the admin never deploys a second
 * contract or sends the plan's total twice because the page forgot a transaction it had sent.
 * Where storage is denied it lasts as long as the page (lib/client/local-item).
 */
import { z } from "zod";
import type { Address, Hex } from "viem";
import { readLocal, writeLocal } from "@/lib/client/local-item";

export interface DeployProgress {
  /** The deploy transaction, once sent; forgotten when it reverted or the chain lost it. */
  deployTx: Hex | null;
  deployed: Address | null;
  fundTx: Hex | null;
  funded: boolean;
}

export const NOT_STARTED: DeployProgress = { deployTx: null, deployed: null, fundTx: null, funded: false };

const txHash = z.string().regex(/^0x[0-9a-f]{64}$/i).transform((v) => v as Hex);
const address = z.string().regex(/^0x[0-9a-f]{40}$/i).transform((v) => v.toLowerCase() as Address);
const kept = z.object({
  /** The plan's root: a plan id met again on a store that was reset is another plan. */
  root: z.string(),
  deployTx: txHash.nullable(),
  deployed: address.nullable(),
  fundTx: txHash.nullable(),
  funded: z.boolean(),
});

const keyOf = (planId: string) => `refboard:payout-deploy:${planId}`;

interface PlanRef {
  id: string;
  root: string;
}

export function readDeployProgress(plan: PlanRef): DeployProgress {
  const raw = readLocal(keyOf(plan.id));
  if (!raw) return NOT_STARTED;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return NOT_STARTED;
  }
  const result = kept.safeParse(parsed);
  if (!result.success || result.data.root !== plan.root) return NOT_STARTED;
  const { deployTx, deployed, fundTx, funded } = result.data;
  return { deployTx, deployed, fundTx, funded };
}

export function saveDeployProgress(plan: PlanRef, progress: DeployProgress): void {
  writeLocal(keyOf(plan.id), JSON.stringify({ root: plan.root, ...progress }));
}

/** Once the server has recorded the distributor, the plan says where it is. */
export function forgetDeployProgress(plan: PlanRef): void {
  writeLocal(keyOf(plan.id), null);
}

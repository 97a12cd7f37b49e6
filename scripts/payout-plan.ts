/**
 * npm run payout:plan -- --board all|N --token 0x.. --chain-id N --mode per_unit|pool (--unit-amount X | --pool X)
 *                        --deadline UNIX [--top N] [--min-rewards N] [--admin LABEL] [--env-file PATH]
 *
 * Builds a payout plan from the board into the store the app is configured for (same environment
 * variables), through the same code as POST /api/admin/payouts (lib/services/payouts.ts) but without its
 * limit of MAX_API_ALLOCATIONS rows: the way to build a plan of a board too big for one request (a 1M-row
 * plan takes about half a minute here). The input is checked as the API checks it. Prints each step's
 * time on stderr and, as its last line on stdout, the API's answer `{ id, root, total, count, remainder,
 * sha256 }`. Exit code: 0 built, 1 failed, 2 usage.
 */
import { createPayoutBody } from "@/lib/contract/payout-schemas";
import { ApiError } from "@/lib/contract/errors";
import { systemClock } from "@/lib/domain/clock";
import { buildPayoutPlan } from "@/lib/services/payouts";
import { openConfiguredStore, runMain, UsageError } from "@/scripts/operator-cli";

const USAGE = `usage: npm run payout:plan -- --board all|N --token 0x.. --chain-id N --mode per_unit|pool (--unit-amount X | --pool X) --deadline UNIX [--top N] [--min-rewards N] [--admin LABEL] [--env-file PATH]
  --board        all, or the number of an ended season
  --token        the token's address; --chain-id the chain it lives on
  --mode         per_unit (--unit-amount base units per reward unit) or pool (--pool base units, split by reward units)
  --deadline     Unix seconds after which the distributor stops paying
  --top          only ranks 1..N; --min-rewards only rows with at least N reward units
  --admin        who builds it, for the audit log (default "cli")
  --env-file     load variables from a file first (repeatable; the environment wins)`;

const OPTIONS = {
  board: { type: "string" },
  token: { type: "string" },
  "chain-id": { type: "string" },
  mode: { type: "string" },
  "unit-amount": { type: "string" },
  pool: { type: "string" },
  deadline: { type: "string" },
  top: { type: "string" },
  "min-rewards": { type: "string" },
  admin: { type: "string" },
} as const;

const numberOf = (text: string | undefined) => (text === undefined ? undefined : /^\d+$/.test(text) ? Number(text) : text);

runMain("payout:plan", USAGE, OPTIONS, async (values) => {
  const parsed = createPayoutBody.safeParse({
    board: values.board === "all" ? "all" : numberOf(values.board),
    token: values.token,
    chainId: numberOf(values["chain-id"]),
    mode: values.mode,
    unitAmount: values["unit-amount"],
    pool: values.pool,
    deadline: numberOf(values.deadline),
    top: numberOf(values.top),
    minRewards: numberOf(values["min-rewards"]),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UsageError(issue?.message.startsWith("Invalid") ? issue.message : `Invalid ${issue?.path.join(".")}: ${issue?.message}`);
  }
  const body = parsed.data;
  const { store, target, cfg } = await openConfiguredStore(values["env-file"]);
  const started = performance.now();
  let last = started;
  const onStep = (step: string) => {
    const now = performance.now();
    console.error(`[payout:plan] ${step} in ${((now - last) / 1000).toFixed(1)} s (rss ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB)`);
    last = now;
  };
  try {
    const plan = await buildPayoutPlan({ store, clock: systemClock, seasons: cfg.seasons ?? null }, values.admin ?? "cli", body, { maxRows: Infinity, onStep });
    console.error(`[payout:plan] plan ${plan.id} of ${plan.count} allocations into ${target} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    console.log(JSON.stringify(plan));
    return 0;
  } catch (error) {
    if (error instanceof ApiError) {
      console.error(`[payout:plan] ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await store.close();
  }
});

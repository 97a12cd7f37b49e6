// Properties of contracts/PayoutDistributor.sol, driven by fast-check on anvil (Foundry's forge cannot
// compile offline here: it downloads a native solc). Each case runs inside an evm_snapshot and is
// reverted after, so the cases never see each other. Runs are kept modest so the suite stays fast.
import fc from "fast-check";
import { toHex, type Address, type Hex, type TransactionReceipt } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deployDistributor } from "@/lib/chain/payout-distributor";
import { buildPlan, startPayoutChain, type PayoutChain, type Plan } from "@/tests/support/payout-chain";
import { randomWallet } from "@/tests/support/wallets";

const RUNS = 50;
const DAY = 86_400n;
const ALLOCATIONS = 8;

let chain: PayoutChain;
let token: Address;
let plan: Plan;
let distributor: Address;
let deadline: bigint;
/** The latest block's timestamp when the distributor was deployed: every case starts from it. */
let start: bigint;

beforeAll(async () => {
  chain = await startPayoutChain();
  token = await chain.deployToken();
  plan = buildPlan(
    Array.from({ length: ALLOCATIONS }, (_, i) => ({ account: randomWallet(), amount: BigInt(1 + i * 997) * 10n ** 12n })),
  );
  deadline = (await chain.now()) + DAY;
  ({ address: distributor } = await deployDistributor(chain.deployer, chain.publicClient, {
    token,
    root: plan.root,
    deadline,
    owner: chain.owner.address,
  }));
  start = await chain.now();
}, 120_000);

afterAll(async () => {
  await chain?.stop();
});

/** Runs one case on a snapshot of the chain as beforeAll left it, and reverts it after. */
async function isolated<T>(run: () => Promise<T>): Promise<T> {
  const id = await chain.snapshot();
  try {
    return await run();
  } finally {
    await chain.revert(id);
  }
}

/** Mints `funded` base units straight to the distributor (QuestToken's mint is open to anyone). */
async function fund(funded: bigint) {
  if (funded > 0n) await chain.mint(token, distributor, funded);
}

function claimTx(index: number) {
  const a = plan.allocations[index]!;
  return { to: distributor, data: chain.claimData(a.account, a.amount, plan.proof(a.account)) };
}

const bytes32 = fc.bigInt(0n, 2n ** 256n - 1n).map((n) => toHex(n, { size: 32 }));
const allocationIndex = fc.nat({ max: ALLOCATIONS - 1 });

describe("PayoutDistributor properties", () => {
  it("no account is paid twice and the claims never exceed the funded total (receipts and balances match a model)", async () => {
    const total = plan.total;
    await fc.assert(
      fc.asyncProperty(
        fc.bigInt(0n, total),
        fc.array(allocationIndex, { maxLength: 3 * ALLOCATIONS }),
        async (funded, attempts) =>
          isolated(async () => {
            await fund(funded);
            const receipts = await chain.outsider.sendAll(attempts.map(claimTx));

            // The model: a claim pays when the allocation is unclaimed and the balance covers it.
            let balance = funded;
            const paid = new Set<number>();
            const expected = attempts.map((i) => {
              const amount = plan.allocations[i]!.amount;
              if (paid.has(i) || amount > balance) return "reverted";
              paid.add(i);
              balance -= amount;
              return "success";
            });
            expect(receipts.map((r: TransactionReceipt) => r.status)).toEqual(expected);

            const balances = await Promise.all(plan.allocations.map((a) => chain.balanceOf(token, a.account)));
            expect(balances).toEqual(plan.allocations.map((a, i) => (paid.has(i) ? a.amount : 0n)));
            const claimed = balances.reduce((sum, b) => sum + b, 0n);
            expect(claimed).toBeLessThanOrEqual(funded);
            expect(await chain.balanceOf(token, distributor)).toBe(funded - claimed);
          }),
      ),
      { numRuns: RUNS },
    );
  }, 120_000);

  it("a random amount, a random proof or an account outside the plan never pays", async () => {
    const forged = fc.oneof(
      fc.record({ index: allocationIndex, amount: fc.bigInt(0n, 2n ** 256n - 1n) }).map(({ index, amount }) => {
        const a = plan.allocations[index]!;
        return { account: a.account, amount, proof: plan.proof(a.account) };
      }),
      fc.record({ index: allocationIndex, proof: fc.array(bytes32, { maxLength: 6 }) }).map(({ index, proof }) => {
        const a = plan.allocations[index]!;
        return { account: a.account, amount: a.amount, proof };
      }),
      fc.record({ index: allocationIndex, account: fc.uint8Array({ minLength: 20, maxLength: 20 }) }).map(({ index, account }) => {
        const a = plan.allocations[index]!;
        return { account: toHex(account), amount: a.amount, proof: plan.proof(a.account) };
      }),
    );
    const isGenuine = (c: { account: Address; amount: bigint; proof: Hex[] }) =>
      plan.allocations.some(
        (a) =>
          a.account === c.account.toLowerCase() &&
          a.amount === c.amount &&
          plan.proof(a.account).join() === c.proof.join(),
      );
    await fc.assert(
      fc.asyncProperty(
        forged.filter((c) => !isGenuine(c)),
        async (c) =>
          isolated(async () => {
            await fund(plan.total);
            const receipt = await chain.outsider.send({ to: distributor, data: chain.claimData(c.account, c.amount, c.proof) });
            expect(receipt.status).toBe("reverted");
            expect(await chain.balanceOf(token, distributor)).toBe(plan.total);
            expect(await chain.isClaimed(distributor, c.account)).toBe(false);
          }),
      ),
      { numRuns: RUNS },
    );
  }, 120_000);

  it("withdraw pays only the owner, and only from the deadline on", async () => {
    const at = fc.oneof(
      fc.constantFrom(deadline - 1n, deadline, deadline + 1n),
      fc.bigInt(start + 2n, deadline + DAY),
    );
    await fc.assert(
      fc.asyncProperty(at, fc.boolean(), fc.bigInt(0n, plan.total), async (timestamp, byOwner, funded) =>
        isolated(async () => {
          // Funding is mined at start + 1 so that any later instant can follow it, whatever the wall clock says.
          await chain.setNextTimestamp(start + 1n);
          await fund(funded);
          await chain.setNextTimestamp(timestamp);
          const by = byOwner ? chain.owner : chain.outsider;
          const receipt = await by.send({ to: distributor, data: chain.withdrawData() });
          const allowed = byOwner && timestamp >= deadline;
          expect(receipt.status).toBe(allowed ? "success" : "reverted");
          expect(await chain.balanceOf(token, distributor)).toBe(allowed ? 0n : funded);
          expect(await chain.balanceOf(token, by.address)).toBe(allowed ? funded : 0n);
        }),
      ),
      { numRuns: RUNS },
    );
  }, 120_000);
});

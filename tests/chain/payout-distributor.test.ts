// contracts/PayoutDistributor.sol on anvil, deployed and funded through lib/chain/payout-distributor:
// claims pay exactly once, to the account, with a valid proof, strictly before the deadline; withdraw
// pays the owner the rest from the deadline on; a 1,000-allocation plan is claimed to a zero balance.
// Deadline boundaries are mined at exact timestamps (evm_setNextBlockTimestamp) with gas set by hand,
// so a reverting transaction is mined and judged by its receipt, never refused by gas estimation.
import {
  BaseError,
  createPublicClient,
  decodeErrorResult,
  encodeDeployData,
  erc20Abi,
  getAddress,
  http,
  parseEventLogs,
  zeroAddress,
  type Address,
  type Hex,
  type TransactionReceipt,
} from "viem";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { payoutDistributorAbi, payoutDistributorBytecode } from "@/lib/chain/payout-distributor-artifact";
import { DistributorError, deployDistributor, fundDistributor, isKnownTransaction, readDistributor } from "@/lib/chain/payout-distributor";
import { freePort } from "@/tests/support/free-port";
import {
  buildPlan,
  startPayoutChain,
  WINNER_KEY,
  type Allocation,
  type PayoutChain,
  type Plan,
} from "@/tests/support/payout-chain";
import { randomWallet } from "@/tests/support/wallets";

const HOUR = 3600n;

let chain: PayoutChain;
let token: Address;
let plan: Plan;
let distributor: Address;
let deadline: bigint;
let snapshot: Hex;
const [alice, bob, carol] = [randomWallet(), randomWallet(), randomWallet()];

/** Funded with the plan's total plus this, so withdraw has a rest even when nothing was claimed. */
const SURPLUS = 5n;

async function deployFor(p: Plan, options: { deadline: bigint; fund?: bigint }) {
  const { address } = await deployDistributor(chain.deployer, chain.publicClient, {
    token,
    root: p.root,
    deadline: options.deadline,
    owner: chain.owner.address,
  });
  const amount = options.fund ?? p.total;
  await chain.mint(token, chain.deployer.account.address, amount);
  await fundDistributor(chain.deployer, chain.publicClient, { token, distributor: address, amount });
  return address;
}

const claim = (account: Address, amount: bigint, proof: Hex[], by = chain.outsider) =>
  by.send({ to: distributor, data: chain.claimData(account, amount, proof) });

const claimOf = (a: Allocation, by = chain.outsider) => claim(a.account, a.amount, plan.proof(a.account), by);

/** The custom error an eth_call of the transaction reverts with, decoded with the distributor's ABI. */
async function revertOf(tx: { to?: Address; data: Hex; from?: Address }): Promise<string> {
  try {
    await chain.publicClient.call({ account: tx.from ?? chain.outsider.address, to: tx.to, data: tx.data });
  } catch (error) {
    const withData = error instanceof BaseError ? error.walk((e) => typeof (e as { data?: unknown }).data === "string") : null;
    const data = (withData as { data?: Hex } | null)?.data;
    if (!data) throw error;
    return decodeErrorResult({ abi: payoutDistributorAbi, data }).errorName;
  }
  throw new Error("the call did not revert");
}

function events(receipt: TransactionReceipt) {
  return parseEventLogs({ abi: payoutDistributorAbi, logs: receipt.logs }).map((e) => ({ name: e.eventName, args: e.args }));
}

beforeAll(async () => {
  chain = await startPayoutChain();
  token = await chain.deployToken();
  const winner = chain.sender(WINNER_KEY).address;
  plan = buildPlan([
    { account: alice, amount: 1_000n },
    { account: bob, amount: 2n ** 64n + 7n },
    { account: carol, amount: 1n },
    { account: winner, amount: 42n },
  ]);
  deadline = (await chain.now()) + HOUR;
  distributor = await deployFor(plan, { deadline, fund: plan.total + SURPLUS });
}, 120_000);

afterAll(async () => {
  await chain?.stop();
});

beforeEach(async () => {
  snapshot = await chain.snapshot();
});

afterEach(async () => {
  await chain.revert(snapshot);
});

describe("deploying and reading a distributor", () => {
  it("readDistributor gives back the token, root and deadline it was deployed with", async () => {
    expect(await readDistributor(chain.publicClient, distributor)).toEqual({ token, root: plan.root, deadline });
    expect(await chain.balanceOf(token, distributor)).toBe(plan.total + SURPLUS);
  });

  it("readDistributor refuses an address without code and a contract that is not a distributor", async () => {
    await expect(readDistributor(chain.publicClient, randomWallet())).rejects.toThrow(DistributorError);
    await expect(readDistributor(chain.publicClient, randomWallet())).rejects.toThrow(/no contract at/);
    await expect(readDistributor(chain.publicClient, token)).rejects.toThrow(/is not a payout distributor/);
  });

  it("readDistributor refuses contracts that answer every call with nothing, or with a single byte", async () => {
    // Init code returning the runtime 0x00 (STOP: success, no data), and one returning 0x60016000f3 (RETURN 1 byte).
    for (const data of ["0x60016000f3", "0x6460016000f36000526005601bf3"] as const) {
      const { contractAddress } = await chain.outsider.send({ data });
      await expect(readDistributor(chain.publicClient, contractAddress!)).rejects.toThrow(/is not a payout distributor/);
    }
  });

  it("readDistributor lets an unreachable RPC's error through, not as a wrong address", async () => {
    const dead = createPublicClient({ transport: http(`http://127.0.0.1:${await freePort()}`, { retryCount: 0 }) });
    const error = await readDistributor(dead, distributor).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BaseError);
    expect(error).not.toBeInstanceOf(DistributorError);
  });

  it("the constructor refuses a zero token, a zero root and a zero owner", async () => {
    const deployData = (args: readonly [Address, Hex, bigint, Address]) =>
      encodeDeployData({ abi: payoutDistributorAbi, bytecode: payoutDistributorBytecode, args });
    const owner = chain.owner.address;
    expect(await revertOf({ data: deployData([zeroAddress, plan.root, deadline, owner]) })).toBe("ZeroToken");
    expect(await revertOf({ data: deployData([token, `0x${"00".repeat(32)}`, deadline, owner]) })).toBe("ZeroRoot");
    expect(await revertOf({ data: deployData([token, plan.root, deadline, zeroAddress]) })).toBe("OwnableInvalidOwner");
  });

  it("the constructor refuses a deadline at the block's timestamp and takes one a second later", async () => {
    const at = (await chain.now()) + 100n;
    const deploy = async (d: bigint) => {
      await chain.setNextTimestamp(at);
      const data = encodeDeployData({
        abi: payoutDistributorAbi,
        bytecode: payoutDistributorBytecode,
        args: [token, plan.root, d, chain.owner.address],
      });
      return (await chain.outsider.send({ data })).status;
    };
    expect(await deploy(at)).toBe("reverted");
    expect(await deploy(at + 1n)).toBe("success");
  });

  it("deployDistributor and fundDistributor report each transaction's hash as soon as it is sent", async () => {
    const sent: Hex[] = [];
    const params = { token, root: plan.root, deadline, owner: chain.owner.address };
    const deployed = await deployDistributor(chain.deployer, chain.publicClient, params, (hash) => sent.push(hash));
    await chain.mint(token, chain.deployer.account.address, 1n);
    const funded = await fundDistributor(
      chain.deployer,
      chain.publicClient,
      { token, distributor: deployed.address, amount: 1n },
      (hash) => sent.push(hash),
    );
    expect(sent).toEqual([deployed.txHash, funded.txHash]);
    expect(await chain.balanceOf(token, deployed.address)).toBe(1n);
  });

  it("isKnownTransaction: a mined transaction is known, one the chain never saw is not, and an RPC that cannot answer is an error, not a drop", async () => {
    const { txHash } = await deployDistributor(chain.deployer, chain.publicClient, { token, root: plan.root, deadline, owner: chain.owner.address });
    expect(await isKnownTransaction(chain.publicClient, txHash)).toBe(true);
    expect(await isKnownTransaction(chain.publicClient, `0x${"ab".repeat(32)}`)).toBe(false);
    const down = createPublicClient({ transport: http(`http://127.0.0.1:${await freePort()}`, { retryCount: 0 }) });
    await expect(isKnownTransaction(down, txHash)).rejects.toThrow();
  });

  it("fundDistributor refuses a zero amount before sending anything", async () => {
    await expect(
      fundDistributor(chain.deployer, chain.publicClient, { token, distributor, amount: 0n }),
    ).rejects.toThrow(DistributorError);
  });
});

describe("claim", () => {
  it("pays the account exactly its amount, once, and records it", async () => {
    const [a] = plan.allocations as [Allocation];
    expect(await chain.isClaimed(distributor, a.account)).toBe(false);
    const receipt = await claimOf(a);
    expect(receipt.status).toBe("success");
    expect(events(receipt)).toEqual([{ name: "Claimed", args: { account: getAddress(a.account), amount: a.amount } }]);
    expect(await chain.balanceOf(token, a.account)).toBe(a.amount);
    expect(await chain.balanceOf(token, distributor)).toBe(plan.total + SURPLUS - a.amount);
    expect(await chain.isClaimed(distributor, a.account)).toBe(true);
  });

  it("pays an amount above 2^64 exactly", async () => {
    const b = plan.allocations[1] as Allocation;
    expect((await claimOf(b)).status).toBe("success");
    expect(await chain.balanceOf(token, b.account)).toBe(2n ** 64n + 7n);
  });

  it("a second claim of the same allocation reverts and pays nothing", async () => {
    const [a] = plan.allocations as [Allocation];
    expect((await claimOf(a)).status).toBe("success");
    expect(await revertOf({ to: distributor, data: chain.claimData(a.account, a.amount, plan.proof(a.account)) })).toBe(
      "AlreadyClaimed",
    );
    expect((await claimOf(a)).status).toBe("reverted");
    expect(await chain.balanceOf(token, a.account)).toBe(a.amount);
  });

  it("sent by another account, pays the allocation's account and not the sender", async () => {
    const winner = chain.sender(WINNER_KEY);
    const w = plan.allocations[3] as Allocation;
    expect((await claimOf(w, chain.outsider)).status).toBe("success");
    expect(await chain.balanceOf(token, w.account)).toBe(42n);
    expect(await chain.balanceOf(token, chain.outsider.address)).toBe(0n);
    // and the winner, sending for itself once it was claimed for, gets nothing more
    expect((await claimOf(w, winner)).status).toBe("reverted");
    expect(await chain.balanceOf(token, w.account)).toBe(42n);
  });

  it("sent by the account itself, pays it", async () => {
    const w = plan.allocations[3] as Allocation;
    expect((await claimOf(w, chain.sender(WINNER_KEY))).status).toBe("success");
    expect(await chain.balanceOf(token, w.account)).toBe(42n);
  });

  it("a wrong amount, another leaf's proof, an empty proof or an account outside the plan reverts", async () => {
    const [a, b] = plan.allocations as [Allocation, Allocation];
    const attempts: [Address, bigint, Hex[]][] = [
      [a.account, a.amount + 1n, plan.proof(a.account)],
      [a.account, a.amount - 1n, plan.proof(a.account)],
      [a.account, b.amount, plan.proof(b.account)],
      [a.account, a.amount, plan.proof(b.account)],
      [a.account, a.amount, []],
      [randomWallet(), a.amount, plan.proof(a.account)],
    ];
    for (const [account, amount, proof] of attempts) {
      expect(await revertOf({ to: distributor, data: chain.claimData(account, amount, proof) })).toBe("InvalidProof");
      expect((await claim(account, amount, proof)).status).toBe("reverted");
    }
    expect(await chain.balanceOf(token, distributor)).toBe(plan.total + SURPLUS);
  });

  it("works one second before the deadline and reverts at it and after it", async () => {
    const [a, b, c] = plan.allocations as [Allocation, Allocation, Allocation];
    await chain.setNextTimestamp(deadline - 1n);
    expect((await claimOf(a)).status).toBe("success");
    await chain.setNextTimestamp(deadline);
    const atDeadline = await claimOf(b);
    expect(atDeadline.status).toBe("reverted");
    expect((await chain.publicClient.getBlock({ blockNumber: atDeadline.blockNumber })).timestamp).toBe(deadline);
    await chain.setNextTimestamp(deadline + HOUR);
    expect((await claimOf(c)).status).toBe("reverted");
    expect(await revertOf({ to: distributor, data: chain.claimData(c.account, c.amount, plan.proof(c.account)) })).toBe(
      "ClaimsClosed",
    );
    expect(await chain.balanceOf(token, b.account)).toBe(0n);
    expect(await chain.balanceOf(token, c.account)).toBe(0n);
  });
});

describe("withdraw", () => {
  const withdraw = (by = chain.owner) => by.send({ to: distributor, data: chain.withdrawData() });

  it("reverts one second before the deadline, even for the owner", async () => {
    await chain.setNextTimestamp(deadline - 1n);
    expect((await withdraw()).status).toBe("reverted");
    expect(await revertOf({ to: distributor, data: chain.withdrawData(), from: chain.owner.address })).toBe("ClaimsOpen");
    expect(await chain.balanceOf(token, distributor)).toBe(plan.total + SURPLUS);
  });

  it("reverts for anyone but the owner, after the deadline too", async () => {
    await chain.setNextTimestamp(deadline + 1n);
    expect((await withdraw(chain.outsider)).status).toBe("reverted");
    expect(await revertOf({ to: distributor, data: chain.withdrawData(), from: chain.outsider.address })).toBe(
      "OwnableUnauthorizedAccount",
    );
    expect(await chain.balanceOf(token, distributor)).toBe(plan.total + SURPLUS);
  });

  it("at the deadline, sends the owner everything not claimed", async () => {
    const [a, b] = plan.allocations as [Allocation, Allocation];
    await claimOf(a);
    await claimOf(b);
    const rest = plan.total + SURPLUS - a.amount - b.amount;
    await chain.setNextTimestamp(deadline);
    const receipt = await withdraw();
    expect(receipt.status).toBe("success");
    expect(events(receipt)).toEqual([
      { name: "Withdrawn", args: { to: getAddress(chain.owner.address), amount: rest } },
    ]);
    expect(await chain.balanceOf(token, chain.owner.address)).toBe(rest);
    expect(await chain.balanceOf(token, distributor)).toBe(0n);
  });

  it("ownership cannot be renounced (the rest would be locked for good)", async () => {
    const data = "0x715018a6"; // renounceOwnership()
    expect(await revertOf({ to: distributor, data, from: chain.owner.address })).toBe("RenounceDisabled");
  });
});

describe("a 1,000-allocation plan", () => {
  it("is claimed in full, each account paid exactly, to a zero balance", async () => {
    const allocations = Array.from({ length: 1_000 }, (_, i) => ({
      account: randomWallet(),
      amount: BigInt(i + 1) * 10n ** 15n + BigInt(i),
    }));
    const big = buildPlan(allocations);
    const address = await deployFor(big, { deadline: (await chain.now()) + HOUR });
    expect(await chain.balanceOf(token, address)).toBe(big.total);

    // One sender, 100 claims in flight at a time: anvil mines each as it arrives.
    const BATCH = 100;
    const receipts: TransactionReceipt[] = [];
    for (let i = 0; i < allocations.length; i += BATCH) {
      const claims = allocations
        .slice(i, i + BATCH)
        .map((a) => ({ to: address, data: chain.claimData(a.account, a.amount, big.proof(a.account)) }));
      receipts.push(...(await chain.outsider.sendAll(claims)));
    }
    expect(receipts.filter((r) => r.status !== "success")).toEqual([]);
    expect(await chain.balanceOf(token, address)).toBe(0n);
    for (let i = 0; i < allocations.length; i += BATCH) {
      const batch = allocations.slice(i, i + BATCH);
      const balances = await Promise.all(batch.map((a) => chain.balanceOf(token, a.account)));
      expect(balances).toEqual(batch.map((a) => a.amount));
    }
  }, 120_000);
});

describe("gas, for docs/operators.md", () => {
  it("deploy, approve, fund, claim and withdraw on a 1,000-allocation plan stay within their ceilings", async () => {
    const allocations = Array.from({ length: 1_000 }, () => ({ account: randomWallet(), amount: 10n ** 18n }));
    const big = buildPlan(allocations);
    const gasOf = async (txHash: Hex) => (await chain.publicClient.getTransactionReceipt({ hash: txHash })).gasUsed;
    const end = (await chain.now()) + HOUR;

    const deployed = await deployDistributor(chain.deployer, chain.publicClient, {
      token,
      root: big.root,
      deadline: end,
      owner: chain.owner.address,
    });
    await chain.mint(token, chain.deployer.account.address, big.total);
    const approveHash = await chain.deployer.writeContract({
      address: token,
      abi: erc20Abi,
      functionName: "approve",
      args: [deployed.address, big.total],
    });
    await chain.publicClient.waitForTransactionReceipt({ hash: approveHash });
    const funded = await fundDistributor(chain.deployer, chain.publicClient, {
      token,
      distributor: deployed.address,
      amount: big.total,
    });

    const [first, second, holder] = allocations as [Allocation, Allocation, Allocation];
    await chain.mint(token, holder.account, 1n);
    const [firstClaim, secondClaim, holderClaim] = await chain.outsider.sendAll(
      [first, second, holder].map((a) => ({ to: deployed.address, data: chain.claimData(a.account, a.amount, big.proof(a.account)) })),
    );
    await chain.setNextTimestamp(end);
    const withdrawn = await chain.owner.send({ to: deployed.address, data: chain.withdrawData() });
    expect([firstClaim, secondClaim, holderClaim, withdrawn].map((r) => r?.status)).toEqual(Array(4).fill("success"));

    const gas = {
      "deploy PayoutDistributor": await gasOf(deployed.txHash),
      "approve (ERC-20, not needed to fund by transfer)": await gasOf(approveHash),
      "fund (ERC-20 transfer of the plan's total)": await gasOf(funded.txHash),
      "first claim (proof of 10 hashes, recipient holds none of the token)": firstClaim!.gasUsed,
      "another claim (same, a later one)": secondClaim!.gasUsed,
      "claim to a recipient already holding the token": holderClaim!.gasUsed,
      "withdraw the rest": withdrawn.gasUsed,
    };
    console.log(`PayoutDistributor gas on anvil, 1,000 allocations:\n${Object.entries(gas).map(([k, v]) => `  ${k}: ${v}`).join("\n")}`);
    expect(big.proof(first.account)).toHaveLength(10);
    expect(gas["deploy PayoutDistributor"]).toBeLessThan(800_000n);
    expect(firstClaim!.gasUsed).toBeLessThan(100_000n);
    expect(withdrawn.gasUsed).toBeLessThan(60_000n);
  });
});

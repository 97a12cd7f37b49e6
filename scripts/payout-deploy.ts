/**
 * npm run payout:deploy -- --plan ID [--owner 0x..] [--env-file PATH]
 *
 * Deploys the payout distributor (contracts/PayoutDistributor.sol) for a stored plan from the key in
 * DEPLOYER_PRIVATE_KEY, over RPC_URL, funds it with the plan's total from the deployer's balance, and
 * records it in the store the app is configured for (same environment variables) through the same code
 * as POST /api/admin/payouts/{id}/distributor (lib/services/payouts.ts recordDistributor: the on-chain
 * check and the audit entry, admin `cli:<deployer>`). Everything that can be checked before spending gas
 * is checked first: the plan has no distributor yet, RPC_URL serves the plan's chain, the deadline is
 * ahead of the chain's clock, the deployer holds the total. Prints progress on stderr and, as its last
 * line on stdout, `{ distributor, txHash, fundTxHash }`. Exit code: 0 deployed, funded and recorded;
 * 1 failed (after the deploy, the line names the address: record it by hand rather than deploy again);
 * 2 usage or configuration.
 */
import { BaseError, createPublicClient, createWalletClient, erc20Abi, http, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { chainFor } from "@/lib/chain/chains";
import { createDistributorReads } from "@/lib/chain/distributor-reads";
import { deployDistributor, fundDistributor } from "@/lib/chain/payout-distributor";
import { ConfigError, parseDeployer } from "@/lib/config";
import { ApiError } from "@/lib/contract/errors";
import { systemClock } from "@/lib/domain/clock";
import { PLAN_ID_PATTERN } from "@/lib/domain/payouts";
import { WALLET_PATTERN } from "@/lib/domain/wallet";
import { recordDistributor } from "@/lib/services/payouts";
import { openConfiguredStore, runMain, UsageError } from "@/scripts/operator-cli";

const USAGE = `usage: npm run payout:deploy -- --plan ID [--owner 0x..] [--env-file PATH]
  --plan         the plan's id (npm run payout:plan's answer, or the console's)
  --owner        who may withdraw() what is left after the deadline (default: the deployer)
  --env-file     load variables from a file first (repeatable; the environment wins)
  needs RPC_URL (a node of the plan's chain) and DEPLOYER_PRIVATE_KEY (holding the plan's total of its token, and gas)`;

const OPTIONS = {
  plan: { type: "string" },
  owner: { type: "string" },
} as const;

/** A failure with its one line for the operator. */
class DeployFailure extends Error {}

const log = (line: string) => console.error(`[payout:deploy] ${line}`);

/** viem's messages run to many lines (request, docs, version): its short message is the one that says what happened. */
const messageOf = (error: unknown) => (error instanceof BaseError ? error.shortMessage : error instanceof Error ? error.message : String(error));

runMain("payout:deploy", USAGE, OPTIONS, async (values) => {
  const id = values.plan;
  if (!id || !PLAN_ID_PATTERN.test(id)) throw new UsageError(`--plan must be a plan id (12 hex characters), got ${id ?? "nothing"}`);
  if (values.owner !== undefined && !WALLET_PATTERN.test(values.owner)) throw new UsageError(`--owner must be an address (0x and 40 hex characters), got ${values.owner}`);

  const { store, target } = await openConfiguredStore(values["env-file"]);
  try {
    const deployer = parseDeployer(process.env);
    if (!deployer) throw new UsageError("RPC_URL and DEPLOYER_PRIVATE_KEY must both be set");
    const plan = await store.getPayoutPlan(id);
    if (!plan) throw new DeployFailure(`no payout plan ${id} in ${target}`);
    if (plan.distributor) throw new DeployFailure(`plan ${id} already has its distributor ${plan.distributor.address} on chain ${plan.distributor.chainId}: nothing deployed`);

    const account = privateKeyToAccount(deployer.privateKey);
    const from = account.address.toLowerCase() as Address;
    const chain = chainFor(plan.chainId, deployer.chain.rpcUrl);
    const transport = http(deployer.chain.rpcUrl, { timeout: deployer.chain.timeoutMs });
    // Receipts are polled each second: under one block of Base (2 s), and a test on anvil waits no longer.
    const publicClient = createPublicClient({ chain, transport, pollingInterval: 1_000 });
    // chainFor answers undefined only when given no chain id; a plan always has one.
    const walletClient = createWalletClient({ chain: chain!, transport, account });
    const token = plan.token as Address;
    const total = BigInt(plan.total);

    const served = await publicClient.getChainId();
    if (served !== plan.chainId) throw new DeployFailure(`RPC_URL serves chain ${served}, and plan ${id} is on chain ${plan.chainId}: nothing deployed`);
    const now = (await publicClient.getBlock()).timestamp;
    if (now >= BigInt(plan.deadline)) throw new DeployFailure(`plan ${id}'s deadline ${plan.deadline} is not after the chain's time ${now}: nothing deployed (build a new plan)`);
    const balance = await publicClient.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [account.address] });
    if (balance < total) throw new DeployFailure(`the deployer ${from} holds ${balance} of token ${token}, and plan ${id} needs ${total}: nothing deployed`);

    log(`plan ${id}: ${plan.count} allocations, total ${total} of ${token} on chain ${plan.chainId}, deployer ${from}`);
    const { address, txHash } = await deployDistributor(
      walletClient,
      publicClient,
      { token, root: plan.root as Hex, deadline: BigInt(plan.deadline), owner: (values.owner?.toLowerCase() as Address | undefined) ?? from },
      (hash) => log(`deploy sent: ${hash}`),
    );
    log(`distributor deployed at ${address}`);
    const afterDeploy = async <T>(step: string, run: () => Promise<T>): Promise<T> => {
      try {
        return await run();
      } catch (error) {
        const reason = error instanceof ApiError ? error.message : messageOf(error);
        throw new DeployFailure(`${step} failed (${reason}); the distributor is deployed at ${address}: do not deploy again, finish by hand and record it with POST /api/admin/payouts/${id}/distributor`);
      }
    };
    const { txHash: fundTxHash } = await afterDeploy(`funding it with ${total}`, () =>
      fundDistributor(walletClient, publicClient, { token, distributor: address, amount: total }, (hash) => log(`funding sent: ${hash}`)),
    );
    log(`funded with ${total}`);
    await afterDeploy("recording it", () =>
      recordDistributor({ store, clock: systemClock, distributorReads: createDistributorReads(deployer.chain) }, `cli:${from}`, id, address),
    );
    log(`recorded in ${target}`);
    console.log(JSON.stringify({ distributor: address, txHash, fundTxHash }));
    return 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigError) throw error;
    log(error instanceof DeployFailure ? error.message : `failed: ${messageOf(error)}`);
    return 1;
  } finally {
    await store.close();
  }
});

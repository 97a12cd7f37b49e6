// Deploys the test contracts (contracts/*.sol) to a running local chain such as anvil, and prints
// the environment lines that point refboard at them. Starts nothing; compiles first when stale.
//
// Usage: node scripts/deploy-local.mjs [--rpc-url URL] [--mint 0xWALLET]... [--stake 0xWALLET]... [--json]
//   --rpc-url  the chain's JSON-RPC URL (default: $RPC_URL, else http://127.0.0.1:8545)
//   --mint     mint one NFT to the wallet after deploying (repeatable)
//   --stake    give the wallet stake id 1 in StakingPool (repeatable)
//   --json     print one JSON object (addresses, chain id) instead of env lines; used by the tests
// The deployer is anvil's first dev account unless DEPLOYER_PRIVATE_KEY is set.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { createPublicClient, createWalletClient, defineChain, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { compileContracts } from "./compile-contracts.mjs";

const buildDir = join(dirname(fileURLToPath(import.meta.url)), "..", "contracts", "build");

/** Account 0 of anvil's default mnemonic: public knowledge, funded on every fresh anvil, worthless elsewhere. */
export const ANVIL_DEV_KEY = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";

export const ALT_STAKE_IDS_FUNCTION = "function stakesOf(address) view returns (uint256[])";

function artifact(name) {
  return JSON.parse(readFileSync(join(buildDir, `${name}.json`), "utf8"));
}

/** Deploys RefboardNft, StakingPool, AltStakingPool and Multicall3, in that order; returns their addresses. */
export async function deployLocal({ rpcUrl, privateKey = ANVIL_DEV_KEY, mint = [], stake = [] }) {
  compileContracts();
  const transport = http(rpcUrl, { timeout: 10_000 });
  const probe = createPublicClient({ transport });
  const chain = defineChain({
    id: await probe.getChainId(),
    name: "local",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 50 });
  const wallet = createWalletClient({ chain, transport, account: privateKeyToAccount(privateKey) });

  async function deploy(name) {
    const { abi, bytecode } = artifact(name);
    const hash = await wallet.deployContract({ abi, bytecode });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success" || !receipt.contractAddress) throw new Error(`deploying ${name} failed`);
    return receipt.contractAddress.toLowerCase();
  }

  async function send(name, address, functionName, args) {
    const hash = await wallet.writeContract({ address, abi: artifact(name).abi, functionName, args });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`${name}.${functionName} failed`);
  }

  const contracts = {
    nft: await deploy("RefboardNft"),
    staking: await deploy("StakingPool"),
    altStaking: await deploy("AltStakingPool"),
    multicall3: await deploy("Multicall3"),
  };
  for (const to of mint) await send("RefboardNft", contracts.nft, "mint", [to]);
  for (const user of stake) await send("StakingPool", contracts.staking, "setStakes", [user, [1n]]);
  return { chainId: chain.id, rpcUrl, ...contracts };
}

async function main() {
  const { values } = parseArgs({
    options: {
      "rpc-url": { type: "string" },
      mint: { type: "string", multiple: true, default: [] },
      stake: { type: "string", multiple: true, default: [] },
      json: { type: "boolean", default: false },
    },
  });
  const rpcUrl = values["rpc-url"] ?? process.env.RPC_URL ?? "http://127.0.0.1:8545";
  const result = await deployLocal({
    rpcUrl,
    privateKey: process.env.DEPLOYER_PRIVATE_KEY || ANVIL_DEV_KEY,
    mint: values.mint,
    stake: values.stake,
  });
  if (values.json) {
    console.log(JSON.stringify(result));
    return;
  }
  console.log(
    [
      `# refboard test contracts on chain ${result.chainId} (${rpcUrl}); add to .env.local:`,
      `CHAIN_ID=${result.chainId}`,
      `RPC_URL=${rpcUrl}`,
      `NFT_CONTRACT=${result.nft}`,
      `STAKING_CONTRACT=${result.staking}`,
      `# Or the staking contract whose stake-ids function has another name:`,
      `# STAKING_CONTRACT=${result.altStaking}`,
      `# STAKE_IDS_FUNCTION="${ALT_STAKE_IDS_FUNCTION}"`,
      ...values.mint.map((w) => `# minted one NFT to ${w}`),
      ...values.stake.map((w) => `# gave ${w} stake id 1`),
    ].join("\n"),
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

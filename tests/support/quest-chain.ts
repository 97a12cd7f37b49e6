/**
 * The quest test contracts on a local chain: QuestToken (an OpenZeppelin ERC-20 with the decimals
 * given) and QuestViews (a staking view, a bool, a reverting read). Deployed next to those of
 * chain-fixture.ts, whose startChain compiles contracts/ first. Plain async functions, no test runner.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  http,
  type Abi,
  type Address,
  type Hex,
} from "viem";
import { nonceManager, privateKeyToAccount } from "viem/accounts";
import type { ChainContracts } from "@/tests/support/chain-fixture";

/**
 * Anvil's third dev account: chain-fixture sends with the second and deploy-local with the first, so
 * none of them race for a nonce. Public knowledge, funded on every fresh anvil, worthless elsewhere.
 */
const QUEST_SENDER_KEY = "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a";

function artifact(name: "QuestToken" | "QuestViews"): { abi: Abi; bytecode: Hex } {
  return JSON.parse(readFileSync(join(process.cwd(), "contracts", "build", `${name}.json`), "utf8")) as {
    abi: Abi;
    bytecode: Hex;
  };
}

export interface QuestChain {
  /** Deploys a QuestToken with these decimals; returns its address. */
  deployToken(decimals: number): Promise<Address>;
  /** Mints `amount` base units (not whole tokens) of the token to the wallet. */
  mintToken(token: Address, to: Address, amount: bigint): Promise<void>;
  deployViews(): Promise<Address>;
  setStake(views: Address, poolId: bigint, user: Address, amount: bigint): Promise<void>;
  setVoted(views: Address, user: Address, voted: boolean): Promise<void>;
  /** Sets the account's nonce: as if it had sent that many transactions. */
  setNonce(wallet: Address, nonce: number): Promise<void>;
}

export function questChain(contracts: ChainContracts): QuestChain {
  const chain = defineChain({
    id: contracts.chainId,
    name: "local",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [contracts.rpcUrl] } },
  });
  const transport = http(contracts.rpcUrl);
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 50 });
  const account = privateKeyToAccount(QUEST_SENDER_KEY, { nonceManager });
  const walletClient = createWalletClient({ chain, transport, account });
  const testClient = createTestClient({ chain, transport, mode: "anvil" });

  async function confirmed(hash: Hex, what: string) {
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`${what} reverted`);
    return receipt;
  }

  async function deploy(name: "QuestToken" | "QuestViews", args: unknown[]): Promise<Address> {
    const { abi, bytecode } = artifact(name);
    const receipt = await confirmed(await walletClient.deployContract({ abi, bytecode, args }), `deploying ${name}`);
    if (!receipt.contractAddress) throw new Error(`deploying ${name} gave no address`);
    return receipt.contractAddress.toLowerCase() as Address;
  }

  async function send(name: "QuestToken" | "QuestViews", address: Address, functionName: string, args: unknown[]) {
    const hash = await walletClient.writeContract({ address, abi: artifact(name).abi, functionName, args });
    await confirmed(hash, `${name}.${functionName}`);
  }

  return {
    deployToken: (decimals) => deploy("QuestToken", [decimals]),
    mintToken: (token, to, amount) => send("QuestToken", token, "mint", [to, amount]),
    deployViews: () => deploy("QuestViews", []),
    setStake: (views, poolId, user, amount) => send("QuestViews", views, "setStake", [poolId, user, amount]),
    setVoted: (views, user, voted) => send("QuestViews", views, "setVoted", [user, voted]),
    setNonce: (wallet, nonce) => testClient.setNonce({ address: wallet, nonce }),
  };
}

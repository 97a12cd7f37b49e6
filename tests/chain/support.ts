// Shared by the chain test files: configuration for the local chain, wallets in a given state, a
// request-counting verifier, and an RPC that never answers.
import { EventEmitter } from "node:events";
import { createServer, type Socket } from "node:net";
import { http, type Address } from "viem";
import { DEFAULT_STAKE_IDS_FUNCTION } from "@/lib/chain/stake-ids";
import { createNftVerifier, type NftVerifierOptions } from "@/lib/chain/verifier";
import type { ChainConfig } from "@/lib/config";
import { mintNft, setStakes, type ChainContracts } from "@/tests/support/chain-fixture";
import { randomWallet } from "@/tests/support/wallets";

/** What lib/config would build from chainEnv(contracts), with overrides. */
export function chainConfig(contracts: ChainContracts, overrides: Partial<ChainConfig> = {}): ChainConfig {
  return {
    chainId: contracts.chainId,
    rpcUrl: contracts.rpcUrl,
    nftContract: contracts.nft,
    stakingContract: contracts.staking,
    stakeIdsFunction: DEFAULT_STAKE_IDS_FUNCTION,
    timeoutMs: 5_000,
    ...overrides,
  };
}

/** A verifier whose every HTTP request to the RPC is counted. */
export function countingVerifier(cfg: ChainConfig, options: NftVerifierOptions = {}) {
  let requests = 0;
  const transport = http(cfg.rpcUrl, { onFetchRequest: () => void requests++ });
  const verifier = createNftVerifier(cfg, { transport, ...options });
  return { verifier, requests: () => requests };
}

/** A fresh wallet holding one NFT. */
export async function holder(contracts: ChainContracts): Promise<Address> {
  const wallet = randomWallet();
  await mintNft(contracts, wallet);
  return wallet;
}

/** A fresh wallet without the NFT and with active stakes in the pool. */
export async function staker(
  contracts: ChainContracts,
  pool: "staking" | "altStaking" = "staking",
  ids: bigint[] = [7n],
): Promise<Address> {
  const wallet = randomWallet();
  await setStakes(contracts, wallet, ids, pool);
  return wallet;
}

export interface HangingRpc {
  rpcUrl: string;
  /** Requests received since start (fetch may also open idle spare connections; those do not count). */
  requests(): number;
  /** Resolves once `count` requests have arrived since start. */
  received(count: number): Promise<void>;
  /** Resolves once no connection carrying a request is open: every request sent to it was given up. */
  abandoned(): Promise<void>;
  stop(): Promise<void>;
}

/** A TCP server that accepts every connection and never answers: the RPC that hangs. */
export async function startHangingRpc(): Promise<HangingRpc> {
  const sockets = new Set<Socket>();
  const pending = new Set<Socket>();
  const changes = new EventEmitter();
  let requests = 0;
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.once("data", () => (requests++, pending.add(socket), changes.emit("change")));
    socket.on("close", () => (sockets.delete(socket), pending.delete(socket), changes.emit("change")));
  });
  /** Resolves as soon as `done()` holds, checked now and after every request or close. */
  const when = (done: () => boolean) =>
    new Promise<void>((resolve) => {
      const check = () => done() && (changes.off("change", check), resolve());
      changes.on("change", check);
      check();
    });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (typeof address !== "object" || !address) throw new Error("hanging RPC has no port");
  return {
    rpcUrl: `http://127.0.0.1:${address.port}`,
    requests: () => requests,
    received: (count) => when(() => requests >= count),
    abandoned: () => when(() => pending.size === 0),
    stop: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

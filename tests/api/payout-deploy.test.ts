/**
 * `npm run payout:deploy` as an operator runs it: a child process against a SQLite data dir holding plans
 * built by the service and an anvil with a QuestToken. It deploys, funds and records a plan's distributor
 * (through recordDistributor: the on-chain check and the audit entry), and refuses, before sending any
 * transaction, a plan already recorded, a deployer one base unit short of the total, and a plan on
 * another chain than RPC_URL's; a failure after the deploy names the distributor's address.
 */
import { execFile } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { privateKeyToAccount } from "viem/accounts";
import type { Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payoutDistributorAbi } from "@/lib/chain/payout-distributor-artifact";
import { parseConfig } from "@/lib/config";
import { buildPayoutPlan } from "@/lib/services/payouts";
import { createStore } from "@/lib/store";
import type { Store } from "@/lib/store/types";
import { DEPLOYER_KEY, startPayoutChain, type PayoutChain } from "@/tests/support/payout-chain";
import { AT_ONCE } from "@/tests/support/rules";
import { randomWallet } from "@/tests/support/wallets";

const run = promisify(execFile);
const UNIT = 10n ** 15n;
/** The board below: a referrer with 2 referrals (40 reward units) and its 2 referees (20 each). */
const TOTAL = 80n * UNIT;
const deployer = privateKeyToAccount(DEPLOYER_KEY).address.toLowerCase() as Address;
const dataDir = mkdtempSync(join(tmpdir(), "refboard-payout-deploy-"));

let chain: PayoutChain;
let store: Store;
let token: Address;
let deadline: number;
let rpcUrl: string;

beforeAll(async () => {
  chain = await startPayoutChain();
  rpcUrl = chain.publicClient.transport.url!;
  token = await chain.deployToken();
  deadline = Number(await chain.now()) + 30 * 86_400;
  store = await createStore(parseConfig({ DATA_DIR: dataDir }).store);
  const now = Math.floor(Date.now() / 1000);
  const referrer = randomWallet();
  await store.registerWallet(referrer, now - 60);
  for (let i = 0; i < 2; i++) await store.recordReferral({ referee: randomWallet(), refCode: referrer.slice(-8), selfReferral: false, now: now - 50 + i, terms: AT_ONCE });
}, 180_000);
afterAll(async () => {
  await store?.close();
  await chain?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A plan of the board; `at` its deadline (the service checks it against a clock a minute before it). */
async function plan(chainId = 31337, at = deadline): Promise<string> {
  const deps = { store, clock: () => at - 60, seasons: null };
  const built = await buildPayoutPlan(deps, "test", { board: "all", token, chainId, mode: "per_unit", unitAmount: UNIT.toString(), deadline: at });
  expect(built.total).toBe(TOTAL.toString());
  return built.id;
}

/** Runs the CLI with only the variables given (no stray store or chain setting of the shell); never rejects. */
async function deploy(args: string[], env: Record<string, string> = { RPC_URL: rpcUrl, DEPLOYER_PRIVATE_KEY: DEPLOYER_KEY }) {
  try {
    const { stdout, stderr } = await run(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/payout-deploy.ts", ...args], {
      env: { PATH: process.env.PATH, NODE_ENV: "production", DATA_DIR: dataDir, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

const lastLine = (text: string) => text.trimEnd().split("\n").at(-1) ?? "";
const sentBy = (address: Address) => chain.publicClient.getTransactionCount({ address });
const ownerOf = async (distributor: Address) =>
  (await chain.publicClient.readContract({ address: distributor, abi: payoutDistributorAbi, functionName: "owner" })).toLowerCase();

describe("npm run payout:deploy", () => {
  it("deploys, funds with exactly the total the deployer holds, and records the distributor with its audit entry", async () => {
    const id = await plan();
    await chain.mint(token, deployer, TOTAL);
    const { code, stdout, stderr } = await deploy(["--plan", id]);
    expect({ code, stderr }).toMatchObject({ code: 0 });

    const answer = JSON.parse(lastLine(stdout)) as { distributor: Address; txHash: `0x${string}`; fundTxHash: `0x${string}` };
    expect(Object.keys(answer)).toEqual(["distributor", "txHash", "fundTxHash"]);
    expect((await chain.publicClient.getTransactionReceipt({ hash: answer.txHash })).contractAddress?.toLowerCase()).toBe(answer.distributor);
    expect((await chain.publicClient.getTransactionReceipt({ hash: answer.fundTxHash })).to?.toLowerCase()).toBe(token);
    expect(await chain.balanceOf(token, answer.distributor)).toBe(TOTAL);
    expect(await chain.balanceOf(token, deployer)).toBe(0n);
    expect(await ownerOf(answer.distributor)).toBe(deployer);

    expect((await store.getPayoutPlan(id))?.distributor).toEqual({ address: answer.distributor, chainId: 31337 });
    const [audit] = (await store.getAuditLog(0, 1)).entries;
    expect(audit).toMatchObject({ action: "payout-distributor", admin: `cli:${deployer}` });
    expect(audit?.reason).toContain((await store.getPayoutPlan(id))?.root);
  });

  it("refuses a plan whose distributor is recorded, sending nothing", async () => {
    const [recorded] = (await store.listPayoutPlans()).filter((p) => p.distributor);
    const before = await sentBy(deployer);
    const { code, stdout, stderr } = await deploy(["--plan", recorded!.id]);
    expect({ code, stdout }).toEqual({ code: 1, stdout: "" });
    expect(stderr.trim()).toBe(`[payout:deploy] plan ${recorded!.id} already has its distributor ${recorded!.distributor!.address} on chain 31337: nothing deployed`);
    expect(await sentBy(deployer)).toBe(before);
  });

  it("refuses a deployer one base unit short of the total, naming both figures, sending nothing", async () => {
    const id = await plan();
    await chain.mint(token, deployer, TOTAL - 1n);
    const before = await sentBy(deployer);
    const { code, stderr } = await deploy(["--plan", id]);
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(`[payout:deploy] the deployer ${deployer} holds ${TOTAL - 1n} of token ${token}, and plan ${id} needs ${TOTAL}: nothing deployed`);
    expect(await sentBy(deployer)).toBe(before);
    expect((await store.getPayoutPlan(id))?.distributor).toBeNull();
  });

  it("refuses a plan on another chain than RPC_URL's, sending nothing", async () => {
    const id = await plan(8453);
    const before = await sentBy(deployer);
    const { code, stderr } = await deploy(["--plan", id]);
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(`[payout:deploy] RPC_URL serves chain 31337, and plan ${id} is on chain 8453: nothing deployed`);
    expect(await sentBy(deployer)).toBe(before);
  });

  it("refuses a plan whose deadline is exactly the chain's latest block time, sending nothing", async () => {
    const now = Number(await chain.now());
    const id = await plan(31337, now);
    const before = await sentBy(deployer);
    const { code, stderr } = await deploy(["--plan", id]);
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(`[payout:deploy] plan ${id}'s deadline ${now} is not after the chain's time ${now}: nothing deployed (build a new plan)`);
    expect(await sentBy(deployer)).toBe(before);
  });

  it("a failure after the deploy (the RPC fails the recording's read) names the deployed, funded distributor (owned by --owner), and records nothing", async () => {
    const id = await plan();
    await chain.mint(token, deployer, 1n); // the last test left TOTAL - 1
    // Forwards every call to anvil but eth_getCode, which only the recording's on-chain check sends.
    const proxy = createServer(async (request, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks).toString();
      const call = JSON.parse(body) as { id: number; method: string };
      const answer =
        call.method === "eth_getCode"
          ? JSON.stringify({ jsonrpc: "2.0", id: call.id, error: { code: -32603, message: "node down" } })
          : await (await fetch(rpcUrl, { method: "POST", headers: { "content-type": "application/json" }, body })).text();
      response.writeHead(200, { "content-type": "application/json" }).end(answer);
    });
    await new Promise<void>((listening) => proxy.listen(0, "127.0.0.1", listening));
    try {
      const { port } = proxy.address() as AddressInfo;
      const { code, stdout, stderr } = await deploy(["--plan", id, "--owner", chain.outsider.address.toUpperCase().replace("0X", "0x")], { RPC_URL: `http://127.0.0.1:${port}`, DEPLOYER_PRIVATE_KEY: DEPLOYER_KEY });
      expect({ code, stdout }).toEqual({ code: 1, stdout: "" });
      const distributor = /deployed at (0x[0-9a-f]{40})/.exec(lastLine(stderr))?.[1] as Address;
      expect(lastLine(stderr)).toBe(
        `[payout:deploy] recording it failed (Could not read the chain, please retry); the distributor is deployed at ${distributor}: ` +
          `do not deploy again, finish by hand and record it with POST /api/admin/payouts/${id}/distributor`,
      );
      expect(await chain.balanceOf(token, distributor)).toBe(TOTAL);
      expect(await ownerOf(distributor)).toBe(chain.outsider.address);
      expect((await store.getPayoutPlan(id))?.distributor).toBeNull();
    } finally {
      await new Promise((closed) => proxy.close(closed));
    }
  });

  it("without DEPLOYER_PRIVATE_KEY, or with a malformed one, is a usage error that never echoes the key", async () => {
    const id = await plan();
    const unset = await deploy(["--plan", id], { RPC_URL: rpcUrl });
    expect(unset.code).toBe(2);
    expect(unset.stderr).toContain("RPC_URL and DEPLOYER_PRIVATE_KEY must both be set");
    const short = DEPLOYER_KEY.slice(0, -1);
    const malformed = await deploy(["--plan", id], { RPC_URL: rpcUrl, DEPLOYER_PRIVATE_KEY: short });
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toContain("DEPLOYER_PRIVATE_KEY: must be a 0x-prefixed 32-byte private key");
    expect(malformed.stderr).not.toContain(short);
  });
});

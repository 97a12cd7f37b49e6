// lib/chain/activity.ts against a real chain (anvil): which wallets look fresh, in one batched request.
import { http, type Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWalletActivity } from "@/lib/chain/activity";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_RETENTION_DAYS } from "@/lib/domain/analytics";
import { refCodeOf } from "@/lib/domain/wallet";
import { getWalletReport } from "@/lib/services/campaign";
import { checked } from "@/lib/store/checked";
import { openSqliteStore } from "@/lib/store/sqlite";
import { chainConfig } from "@/tests/chain/support";
import { startChain, type LocalChain } from "@/tests/support/chain-fixture";
import { freePort } from "@/tests/support/free-port";
import { randomWallet } from "@/tests/support/wallets";
import { AT_ONCE } from "@/tests/support/rules";

let chain: LocalChain;
beforeAll(async () => {
  chain = await startChain();
});
afterAll(async () => {
  await chain?.stop();
});

async function rpc(method: string, params: unknown[]): Promise<void> {
  const res = await fetch(chain.rpcUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
  const body = (await res.json()) as { error?: unknown };
  if (body.error) throw new Error(`${method}: ${JSON.stringify(body.error)}`);
}

describe("wallet activity on the chain", () => {
  it("a wallet that never sent a transaction and holds nothing is fresh; one with a balance or a sent transaction is not", async () => {
    const [fresh, funded, sender] = [randomWallet(), randomWallet(), randomWallet()] as Address[];
    await rpc("anvil_setBalance", [funded, "0x1"]);
    await rpc("anvil_setNonce", [sender, "0x1"]);
    const activity = createWalletActivity(chainConfig(chain));
    expect(await activity.freshOf([fresh!, funded!, sender!])).toEqual([true, false, false]);
    expect(await activity.freshOf([])).toEqual([]);
  });

  it("reads a page of wallets in one HTTP request", async () => {
    let requests = 0;
    const cfg = chainConfig(chain);
    const transport = http(cfg.rpcUrl, { batch: { batchSize: 500, wait: 0 }, onFetchRequest: () => void requests++ });
    const activity = createWalletActivity(cfg, { transport });
    const wallets = Array.from({ length: 100 }, randomWallet) as Address[];
    expect((await activity.freshOf(wallets)).every(Boolean)).toBe(true);
    expect(requests).toBe(1);
  });

  it("the production transport batches too: 100 wallets are one request", async () => {
    let requests = 0;
    const original = globalThis.fetch;
    const counting = (input: RequestInfo | URL, init?: RequestInit) => {
      requests++;
      return original(input, init);
    };
    globalThis.fetch = counting as typeof fetch;
    try {
      const activity = createWalletActivity(chainConfig(chain));
      await activity.freshOf(Array.from({ length: 100 }, randomWallet) as Address[]);
    } finally {
      globalThis.fetch = original;
    }
    expect(requests).toBe(1);
  });

  it("an unreachable RPC is an error, not a verdict; a page over the limit is refused", async () => {
    const activity = createWalletActivity(chainConfig(chain, { rpcUrl: `http://127.0.0.1:${await freePort()}`, timeoutMs: 2_000 }));
    await expect(activity.freshOf([randomWallet() as Address])).rejects.toThrow(/HTTP request failed|fetch failed/);
    await expect(activity.freshOf(Array.from({ length: 251 }, randomWallet) as Address[])).rejects.toThrow(RangeError);
  });
});

describe("the console's wallet lookup", () => {
  it("says how many of a referrer's referees look fresh, reading them in one batch; null without an RPC, fresh null when it fails", async () => {
    const store = checked(openSqliteStore(mkdtempSync(join(tmpdir(), "refboard-activity-")), { retentionDays: DEFAULT_RETENTION_DAYS }));
    try {
      const now = Math.floor(Date.now() / 1000);
      const referrer = randomWallet();
      await store.registerWallet(referrer, now);
      const referees = [randomWallet(), randomWallet(), randomWallet()];
      for (const referee of referees) await store.recordReferral({ referee, refCode: refCodeOf(referrer), selfReferral: false, now, terms: AT_ONCE });
      await rpc("anvil_setBalance", [referees[0], "0x5"]);
      const deps = (activity: ReturnType<typeof createWalletActivity> | null) => ({ store, clock: () => now, activity });

      expect((await getWalletReport(deps(createWalletActivity(chainConfig(chain))), referrer, 0)).freshReferees).toEqual({ checked: 3, fresh: 2 });
      expect((await getWalletReport(deps(null), referrer, 0)).freshReferees).toBeNull();
      const down = createWalletActivity(chainConfig(chain, { rpcUrl: `http://127.0.0.1:${await freePort()}`, timeoutMs: 1_000 }));
      expect((await getWalletReport(deps(down), referrer, 0)).freshReferees).toEqual({ checked: 3, fresh: null });
      expect((await getWalletReport(deps(createWalletActivity(chainConfig(chain))), referees[1]!, 0)).freshReferees).toBeNull();
    } finally {
      await store.close();
    }
  });
});

/**
 * A test wallet for the browser: an EIP-1193 provider injected before the page's
 * own scripts (page.addInitScript), announced over EIP-6963 like any wallet
 * extension, and backed by a private key that stays in the test process
 * (page.exposeFunction + viem). Nothing of it ships in the app's bundle.
 */
import type { Page } from "@playwright/test";
import { createWalletClient, defineChain, hexToBigInt, http, numberToHex, type Address, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";

export interface TestWallet {
  account: PrivateKeyAccount;
  /** Lowercase, as the API returns it. */
  address: `0x${string}`;
  /** Methods the page called, in order: lets a test check what the app asked the wallet for. */
  calls: string[];
  /** Makes the next request for accounts fail as if the user pressed "Reject". */
  rejectNextConnect(): void;
  /** Makes the next signature request fail as if the user pressed "Reject". */
  rejectNextSignature(): void;
  /**
   * Holds every eth_accounts answer until the returned function is called: a slow wallet, so a test
   * can act while the app is still reconnecting a returning wallet.
   */
  holdAccounts(): () => void;
  /** Switches the wallet to another account and tells the page (accountsChanged). */
  switchAccount(page: Page, privateKey?: Hex): Promise<TestWallet["address"]>;
}

export interface WalletOptions {
  privateKey?: Hex;
  /** The chain the wallet starts on; one the app does not support makes it ask to switch. */
  chainId?: number;
  name?: string;
  /**
   * How the page finds it: announced over EIP-6963 like current extensions and wallet apps' browsers
   * (the default), or only as window.ethereum, like wallets that predate EIP-6963.
   */
  inject?: "eip6963" | "window.ethereum";
  /**
   * A node (anvil) the wallet answers chain calls from, as a wallet's own node would: reads and receipts
   * are forwarded, eth_sendTransaction is signed here with the key and sent raw. Without it the wallet
   * only connects and signs.
   */
  rpcUrl?: string;
}

type Reply = { result?: unknown; error?: { code: number; message: string; data?: unknown }; emit?: [string, unknown][] };

const ICON =
  "data:image/svg+xml;base64," +
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#0ea5e9"/><path d="M9 11h14v10H9z" fill="#fff"/></svg>',
  ).toString("base64");

type TxRequest = { to?: Address; data?: Hex; value?: Hex; gas?: Hex };

/** One JSON-RPC call to the node, its answer as the page's provider returns it. */
async function forward(rpcUrl: string, method: string, params: unknown[]): Promise<Reply> {
  const response = await fetch(rpcUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
  const answer = (await response.json()) as Reply;
  return answer.error ? { error: answer.error } : { result: answer.result };
}

/** Installs the wallet in `page`; call before the first navigation. */
export async function installWallet(page: Page, options: WalletOptions = {}): Promise<TestWallet> {
  let account = privateKeyToAccount(options.privateKey ?? generatePrivateKey());
  let chainId = options.chainId ?? 8453;
  let authorized = false;
  let rejectNext = false;
  let rejectSignature = false;
  let accountsHeld: Promise<void> = Promise.resolve();
  const calls: string[] = [];

  await page.exposeFunction("__e2eWalletRequest", async (method: string, params: unknown[]): Promise<Reply> => {
    calls.push(method);
    switch (method) {
      case "eth_requestAccounts":
      case "wallet_requestPermissions":
        if (rejectNext) {
          rejectNext = false;
          // A person takes a moment to press Reject. (RainbowKit resets its error state 50 ms after a
          // wallet is picked, so an instant rejection would leave its spinner running.)
          await new Promise((resolve) => setTimeout(resolve, 400));
          return { error: { code: 4001, message: "User rejected the request." } };
        }
        authorized = true;
        return method === "eth_requestAccounts"
          ? { result: [account.address] }
          : { result: [{ parentCapability: "eth_accounts", caveats: [{ type: "restrictReturnedAccounts", value: [account.address] }] }] };
      case "eth_accounts":
        await accountsHeld;
        return { result: authorized ? [account.address] : [] };
      case "eth_chainId":
        return { result: numberToHex(chainId) };
      case "net_version":
        return { result: String(chainId) };
      case "wallet_switchEthereumChain": {
        const next = Number((params[0] as { chainId: string }).chainId);
        chainId = next;
        return { result: null, emit: [["chainChanged", numberToHex(next)]] };
      }
      case "wallet_getPermissions":
        return { result: authorized ? [{ parentCapability: "eth_accounts" }] : [] };
      case "wallet_revokePermissions":
        authorized = false;
        return { result: null };
      case "personal_sign":
        if (rejectSignature) {
          rejectSignature = false;
          return { error: { code: 4001, message: "User rejected the request." } };
        }
        return { result: await account.signMessage({ message: { raw: params[0] as Hex } }) };
      case "eth_signTypedData_v4":
        return { result: await account.signTypedData(JSON.parse(params[1] as string)) };
      default:
        if (options.rpcUrl && method === "eth_sendTransaction") return sendTransaction(options.rpcUrl, params[0] as TxRequest);
        if (options.rpcUrl && method.startsWith("eth_")) return forward(options.rpcUrl, method, params);
        return { error: { code: 4200, message: `The test wallet does not support ${method}` } };
    }
  });

  async function sendTransaction(rpcUrl: string, tx: TxRequest): Promise<Reply> {
    const chain = defineChain({ id: chainId, name: "e2e", nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } });
    const client = createWalletClient({ account, chain, transport: http(rpcUrl) });
    try {
      const hash = await client.sendTransaction({
        to: tx.to ?? null,
        data: tx.data,
        value: tx.value ? hexToBigInt(tx.value) : undefined,
        gas: tx.gas ? hexToBigInt(tx.gas) : undefined,
      });
      return { result: hash };
    } catch (error) {
      return { error: { code: -32000, message: error instanceof Error ? error.message : String(error) } };
    }
  }

  await page.addInitScript(
    ({ name, icon, inject }) => {
      type Listener = (...args: unknown[]) => void;
      const listeners = new Map<string, Set<Listener>>();
      const emit = (event: string, value: unknown) => listeners.get(event)?.forEach((fn) => fn(value));
      const request = (window as unknown as { __e2eWalletRequest(m: string, p: unknown[]): Promise<Reply> }).__e2eWalletRequest;
      const provider = {
        async request({ method, params }: { method: string; params?: unknown[] }) {
          const reply = await request(method, params ?? []);
          for (const [event, value] of reply.emit ?? []) queueMicrotask(() => emit(event, value));
          if (reply.error) throw Object.assign(new Error(reply.error.message), { code: reply.error.code, data: reply.error.data });
          return reply.result;
        },
        on(event: string, fn: Listener) {
          if (!listeners.has(event)) listeners.set(event, new Set());
          listeners.get(event)?.add(fn);
          return provider;
        },
        removeListener(event: string, fn: Listener) {
          listeners.get(event)?.delete(fn);
          return provider;
        },
      };
      (window as unknown as { __e2eWalletEmit: typeof emit }).__e2eWalletEmit = emit;
      if (inject === "window.ethereum") {
        (window as unknown as { ethereum: typeof provider }).ethereum = provider;
        return;
      }
      const detail = Object.freeze({ info: { uuid: crypto.randomUUID(), name, icon, rdns: "dev.refboard.e2e-wallet" }, provider });
      const announce = () => window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail }));
      window.addEventListener("eip6963:requestProvider", announce);
      announce();
    },
    { name: options.name ?? "E2E Wallet", icon: ICON, inject: options.inject ?? "eip6963" },
  );

  const wallet: TestWallet = {
    account,
    address: account.address.toLowerCase() as `0x${string}`,
    calls,
    rejectNextConnect: () => void (rejectNext = true),
    rejectNextSignature: () => void (rejectSignature = true),
    holdAccounts() {
      let release!: () => void;
      accountsHeld = new Promise((resolve) => (release = resolve));
      return release;
    },
    async switchAccount(target, privateKey) {
      account = privateKeyToAccount(privateKey ?? generatePrivateKey());
      wallet.account = account;
      wallet.address = account.address.toLowerCase() as `0x${string}`;
      await target.evaluate((address) => (window as unknown as { __e2eWalletEmit(e: string, v: unknown): void }).__e2eWalletEmit("accountsChanged", [address]), account.address);
      return wallet.address;
    },
  };
  return wallet;
}

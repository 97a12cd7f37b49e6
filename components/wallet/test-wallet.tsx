"use client";

/**
 * Test wallets for trying the app by hand under `next dev`, without a wallet extension: wagmi's
 * injected connector over a small in-page EIP-1193 provider whose accounts are viem local accounts
 * from anvil's default mnemonic, so they sign (personal_sign for Sign-In with Ethereum and the
 * console) without any chain. wagmi's `mock` connector would forward signing to the chain's RPC,
 * which this app's transport refuses (lib/client/wagmi.ts).
 *
 * Development only: wallet-provider.tsx loads this module in place of wallet-runtime.tsx when
 * NODE_ENV is "development", a branch production builds drop, so none of it ships
 * (tests/api/test-wallet-bundle.test.ts checks the built files).
 */
import { connectorsForWallets, type WalletList } from "@rainbow-me/rainbowkit";
import { useState } from "react";
import { createWalletClient, getAddress, hexToBigInt, http, numberToHex, type Address, type Hex } from "viem";
import { anvil } from "viem/chains";
import { mnemonicToAccount, type HDAccount } from "viem/accounts";
import { createConnector } from "wagmi";
import { injected } from "wagmi/connectors";
import type { WalletRuntimeProps } from "@/components/wallet/wallet-provider";
import WalletRuntime from "@/components/wallet/wallet-runtime";
import { chains } from "@/lib/client/wagmi";
import { shortWallet } from "@/lib/domain/wallet";

/** Anvil's (and Hardhat's) default mnemonic: public knowledge, so anything sent to these accounts is anyone's. */
const TEST_MNEMONIC = "test test test test test test test test test test test junk";
/** Its first accounts: 0xf39F…2266, 0x7099…79C8, 0x3C44…93BC. */
export const TEST_ACCOUNTS = [0, 1, 2].map((addressIndex) => mnemonicToAccount(TEST_MNEMONIC, { addressIndex }));

type Listener = (value: unknown) => void;

/** The local node the test wallets read and send through while on anvil's chain. */
const node = http()({ chain: anvil });

function rpcError(code: number, message: string): Error {
  return Object.assign(new Error(message), { code });
}

/**
 * The wallet's side of EIP-1193 for one account. Whether the page may see the account is kept in
 * localStorage, so a reload reconnects as it would with an extension, and Disconnect forgets it.
 */
function testProvider(account: HDAccount) {
  const grantKey = `refboard.test-wallet.${account.address}`;
  const granted = () => localStorage.getItem(grantKey) === "1";
  const listeners = new Map<string, Set<Listener>>();
  let chainId: number = chains[0].id;
  const provider = {
    async request({ method, params = [] }: { method: string; params?: unknown[] }): Promise<unknown> {
      switch (method) {
        case "eth_requestAccounts":
          localStorage.setItem(grantKey, "1");
          return [account.address];
        case "eth_accounts":
          return granted() ? [account.address] : [];
        case "eth_chainId":
          return numberToHex(chainId);
        case "wallet_switchEthereumChain": {
          const next = Number((params[0] as { chainId: Hex }).chainId);
          if (!chains.some((chain) => chain.id === next) && next !== anvil.id) throw rpcError(4902, `The test wallet does not know chain ${next}`);
          chainId = next;
          queueMicrotask(() => listeners.get("chainChanged")?.forEach((fn) => fn(numberToHex(next))));
          return null;
        }
        case "wallet_requestPermissions":
          localStorage.setItem(grantKey, "1");
          return [{ parentCapability: "eth_accounts" }];
        case "wallet_getPermissions":
          return granted() ? [{ parentCapability: "eth_accounts" }] : [];
        case "wallet_revokePermissions":
          localStorage.removeItem(grantKey);
          return null;
        case "personal_sign":
          if (getAddress(params[1] as string) !== account.address) throw rpcError(4100, "The test wallet signs only for its own account");
          return account.signMessage({ message: { raw: params[0] as Hex } });
        case "eth_signTypedData_v4":
          return account.signTypedData(JSON.parse(params[1] as string));
        case "eth_sendTransaction": {
          if (chainId !== anvil.id) throw rpcError(4200, "The test wallet sends transactions on anvil's chain (31337) only");
          const tx = params[0] as { to?: Address; data?: Hex; value?: Hex; gas?: Hex };
          return createWalletClient({ account, chain: anvil, transport: http() }).sendTransaction({
            to: tx.to ?? null,
            data: tx.data,
            value: tx.value ? hexToBigInt(tx.value) : undefined,
            gas: tx.gas ? hexToBigInt(tx.gas) : undefined,
          });
        }
        default:
          if (chainId === anvil.id && method.startsWith("eth_")) return node.request({ method, params } as never);
          throw rpcError(4200, `The test wallet does not support ${method}`);
      }
    },
    on(event: string, fn: Listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)?.add(fn);
    },
    removeListener(event: string, fn: Listener) {
      listeners.get(event)?.delete(fn);
    },
  };
  return provider;
}

function icon(n: number): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 28 28"><rect width="28" height="28" rx="6" fill="#f59e0b"/><text x="14" y="19" font-family="sans-serif" font-size="14" font-weight="700" text-anchor="middle" fill="#fff">${n}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

const testWallets: WalletList[number]["wallets"] = TEST_ACCOUNTS.map((account, i) => () => {
  const id = `test-wallet-${i + 1}`;
  const name = `Test wallet ${i + 1} · ${shortWallet(account.address)}`;
  const target = { id, name, provider: testProvider(account) as never };
  return {
    id,
    name,
    shortName: `Test ${i + 1}`,
    iconUrl: icon(i + 1),
    iconBackground: "#f59e0b",
    createConnector: (details) => createConnector((config) => ({ ...injected({ target })(config), ...details })),
  };
});

/** wallet-runtime.tsx with the test wallets among wagmi's connectors from the start, so a reload reconnects them. */
export default function TestWalletRuntime(props: WalletRuntimeProps) {
  const [connectors] = useState(() =>
    connectorsForWallets([{ groupName: "Test wallets (development only)", wallets: testWallets }], { appName: props.appName, projectId: "" }),
  );
  return <WalletRuntime {...props} connectors={connectors} />;
}

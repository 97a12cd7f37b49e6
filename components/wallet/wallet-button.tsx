"use client";

import { useEffect, useId, useRef, useState } from "react";
import { useMiniApp } from "@/components/farcaster/miniapp-provider";
import { buttonClass } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { ChevronDownIcon, LogOutIcon, WalletIcon } from "@/components/ui/icons";
import { WalletAvatar } from "@/components/wallet/wallet-avatar";
import { ConnectButton } from "@/components/wallet/wallet-ui";
import { signOut } from "@/lib/client/sign-in";
import { useWallet } from "@/lib/client/wallet";
import { shortWallet } from "@/lib/domain/wallet";

/** The header's wallet control: Connect, or the connected wallet with a small menu. */
export function WalletButton() {
  const { address } = useWallet();

  if (!address) {
    return (
      <ConnectButton size="sm" className="min-[400px]:min-w-[8.5rem]" icon={<WalletIcon className="size-4 max-[399px]:hidden" />}>
        <span>
          Connect<span className="max-[399px]:sr-only"> wallet</span>
        </span>
      </ConnectButton>
    );
  }
  return <AccountMenu address={address} />;
}

function AccountMenu({ address }: { address: `0x${string}` }) {
  const [open, setOpen] = useState(false);
  const { disconnect } = useWallet();
  const { miniApp } = useMiniApp();
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const wallet = address.toLowerCase();

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => root.current?.contains(e.target as Node) || setOpen(false);
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`Wallet ${shortWallet(wallet)}, open menu`}
        onClick={() => setOpen((o) => !o)}
        className={buttonClass({ variant: "secondary", size: "sm", className: "gap-2 pl-2 min-[400px]:min-w-[8.5rem]" })}
      >
        <WalletAvatar wallet={wallet} className="size-6" />
        <span className="font-mono text-[13px] max-[399px]:sr-only" data-testid="connected-wallet">
          {shortWallet(wallet)}
        </span>
        <ChevronDownIcon className={`size-4 text-zinc-500 transition dark:text-zinc-400 ${open ? "rotate-180" : ""}`} />
      </button>
      {open && (
        <div
          id={menuId}
          className="absolute right-0 z-30 mt-2 w-64 rounded-2xl bg-white p-2 shadow-xl ring-1 ring-zinc-200 dark:bg-zinc-900 dark:ring-zinc-800"
        >
          <p className="px-3 pt-2 pb-1 text-xs font-medium text-zinc-500 dark:text-zinc-400">Connected wallet</p>
          <p className="px-3 pb-2 font-mono text-xs break-all text-zinc-700 dark:text-zinc-300">{wallet}</p>
          <CopyButton
            text={wallet}
            label="Copy wallet address"
            className="flex w-full items-center gap-2 rounded-xl px-3 py-2.5 text-left text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800"
          >
            Copy address
          </CopyButton>
          {miniApp.status !== "miniapp" && (
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                // Without the wallet code there is no connection to end; the session still is.
                disconnect().catch(() => {});
                void signOut();
              }}
              className="flex w-full items-center gap-2 rounded-xl px-3 py-2.5 text-left text-sm text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/40"
            >
              <LogOutIcon className="size-4" />
              Disconnect
            </button>
          )}
        </div>
      )}
    </div>
  );
}

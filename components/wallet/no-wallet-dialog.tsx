"use client";

import { Dialog } from "@/components/ui/dialog";
import { CopyButton } from "@/components/ui/copy-button";
import { ExternalIcon } from "@/components/ui/icons";
import { buttonClass } from "@/components/ui/button";

const WALLETS = [
  { name: "MetaMask", href: "https://metamask.io/download/" },
  { name: "Rabby", href: "https://rabby.io/" },
  { name: "Coinbase Wallet", href: "https://www.coinbase.com/wallet/downloads" },
  { name: "Rainbow", href: "https://rainbow.me/download" },
];

/** Shown instead of an empty connect modal: no wallet in this browser and no WalletConnect configured. */
export function NoWalletDialog({ onClose }: { onClose(): void }) {
  const here = typeof window === "undefined" ? "" : window.location.href;
  return (
    <Dialog title="No wallet found in this browser" onClose={onClose}>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Install a browser wallet, then reload this page. On a phone, open this page in your wallet app&apos;s built-in browser.
      </p>
      <ul className="mt-4 grid grid-cols-2 gap-2">
        {WALLETS.map((w) => (
          <li key={w.name}>
            <a href={w.href} target="_blank" rel="noopener noreferrer" className={buttonClass({ variant: "secondary", size: "sm", className: "w-full" })}>
              {w.name}
              <ExternalIcon className="size-3.5 opacity-60" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
      <CopyButton text={here} label="Copy this page's link to open it in a wallet app" className={buttonClass({ variant: "primary", className: "mt-4 w-full" })}>
        Copy link for your wallet app
      </CopyButton>
    </Dialog>
  );
}

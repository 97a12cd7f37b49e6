"use client";

import { Dialog } from "@/components/ui/dialog";
import { CopyButton } from "@/components/ui/copy-button";
import { ExternalIcon } from "@/components/ui/icons";
import { buttonClass } from "@/components/ui/button";
import { openInWalletLinks } from "@/components/wallet/open-in-wallet";
import { isPhone } from "@/components/wallet/phone";

const WALLETS = [
  { name: "MetaMask", href: "https://metamask.io/download/" },
  { name: "Rabby", href: "https://rabby.io/" },
  { name: "Coinbase Wallet", href: "https://www.coinbase.com/wallet/downloads" },
  { name: "Rainbow", href: "https://rainbow.me/download" },
];

const linkClass = buttonClass({ variant: "secondary", size: "sm", className: "w-full" });

/**
 * Shown instead of an empty connect modal: no wallet in this browser and no WalletConnect configured.
 * On a phone, links open this very page in a wallet app's browser. Under `next dev` it also offers
 * the test wallets (`onTestWallets`), a branch production builds drop.
 */
export function NoWalletDialog({ onClose, onTestWallets }: { onClose(): void; onTestWallets?: () => void }) {
  const here = typeof window === "undefined" ? "" : window.location.href;
  const phone = isPhone();
  return (
    <Dialog title="No wallet found in this browser" onClose={onClose}>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {phone
          ? "Open this page in your wallet app's built-in browser, then connect there."
          : "Install a browser wallet, then reload this page. On a phone, open this page in your wallet app's built-in browser."}
      </p>
      {phone && here && (
        <ul className="mt-4 grid grid-cols-1 gap-2" aria-label="Open this page in a wallet app">
          {openInWalletLinks(here).map((w) => (
            <li key={w.name}>
              <a href={w.href} rel="noopener noreferrer" className={buttonClass({ size: "sm", className: "w-full" })}>
                Open in {w.name}
              </a>
            </li>
          ))}
        </ul>
      )}
      <CopyButton
        text={here}
        label="Copy this page's link to open it in a wallet app"
        className={buttonClass({ variant: phone ? "secondary" : "primary", className: phone ? "mt-2 w-full" : "mt-4 w-full" })}
      >
        Copy link for your wallet app
      </CopyButton>
      <p className="mt-4 text-xs font-medium text-zinc-500 dark:text-zinc-400">No wallet yet? Get one:</p>
      <ul className="mt-2 grid grid-cols-2 gap-2">
        {WALLETS.map((w) => (
          <li key={w.name}>
            <a href={w.href} target="_blank" rel="noopener noreferrer" className={linkClass}>
              {w.name}
              <ExternalIcon className="size-3.5 opacity-60" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
      {process.env.NODE_ENV === "development" && onTestWallets && (
        <div className="mt-4 border-t border-zinc-200 pt-4 dark:border-zinc-800">
          <p className="text-xs text-zinc-500 dark:text-zinc-400">
            Development only: fixed, publicly known keys. Never send them funds.
          </p>
          <button type="button" onClick={onTestWallets} className={buttonClass({ variant: "secondary", className: "mt-2 w-full" })}>
            Use a test wallet
          </button>
        </div>
      )}
    </Dialog>
  );
}

import Link from "next/link";
import type { ReactNode } from "react";
import { consoleHref } from "@/components/admin/console-links";
import { firstCell } from "@/components/admin/console-section";
import { CopyButton } from "@/components/ui/copy-button";
import { WalletAvatar } from "@/components/wallet/wallet-avatar";
import type { PeriodChoice } from "@/lib/contract/admin-schemas";
import { shortWallet } from "@/lib/domain/wallet";

/** A wallet as the leaderboard shows it (short, with copy), opening its report in the lookup. */
export function WalletLink({ wallet, period }: { wallet: string; period: PeriodChoice }) {
  return (
    <span className="flex min-w-0 items-center gap-1.5 sm:gap-2">
      <WalletAvatar wallet={wallet} className="hidden size-6 min-[480px]:block" />
      <Link
        href={consoleHref({ period, lookup: { wallet, offset: 0 } })}
        title={`Look up ${wallet}`}
        data-testid="wallet-link"
        className="truncate font-mono text-[13px] font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
      >
        {shortWallet(wallet)}
      </Link>
      <CopyButton
        text={wallet}
        label={`Copy wallet ${wallet}`}
        className="-my-2 grid size-8 shrink-0 place-items-center rounded-lg text-zinc-500 hover:bg-zinc-100 hover:text-zinc-700 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-200"
      />
    </span>
  );
}

/** The first two columns of a table of wallets: position and wallet. */
export function WalletHeadCells() {
  return (
    <>
      <th scope="col" className={`w-14 text-left ${firstCell}`}>
        #
      </th>
      <th scope="col" className="px-3 text-left">
        Wallet
      </th>
    </>
  );
}

/** `children` follow the wallet in its cell (a badge). */
export function WalletCells({ position, wallet, period, children }: { position: number; wallet: string; period: PeriodChoice; children?: ReactNode }) {
  return (
    <>
      <td className={`text-zinc-500 tabular-nums dark:text-zinc-400 ${firstCell}`}>{position}</td>
      <td className="max-w-56 px-3">
        <span className="flex items-center gap-2">
          <WalletLink wallet={wallet} period={period} />
          {children}
        </span>
      </td>
    </>
  );
}

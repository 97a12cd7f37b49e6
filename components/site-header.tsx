import Link from "next/link";
import { NavLinks } from "@/components/nav-links";
import { LogoMark } from "@/components/ui/icons";
import { WalletButton } from "@/components/wallet/wallet-button";

export function SiteHeader({ appName }: { appName: string }) {
  return (
    <header className="sticky top-0 z-30 border-b border-zinc-200/70 bg-zinc-50/80 backdrop-blur-md dark:border-zinc-800/70 dark:bg-zinc-950/75">
      <div className="mx-auto flex h-16 w-full max-w-6xl items-center gap-2 px-4 sm:gap-3 sm:px-6 lg:px-8">
        <Link href="/" className="flex shrink-0 items-center gap-2 rounded-lg font-bold tracking-tight" aria-label={`${appName} home`}>
          <LogoMark className="size-8" />
          <span className="hidden text-lg sm:inline">{appName}</span>
        </Link>
        <NavLinks />
        <div className="ml-auto">
          <WalletButton />
        </div>
      </div>
    </header>
  );
}

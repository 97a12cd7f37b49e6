"use client";

/**
 * The console's doors: sign in with an admin wallet (Sign-In with Ethereum: connect, then sign a
 * message), or sign out. The server decides who is an admin; after either step the page is
 * rendered again by the server, which reads the new session cookie.
 */
import type { ReactNode } from "react";
import { StepError, useStepThenRefresh } from "@/components/admin/console-step";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { AlertIcon, LockIcon, LogOutIcon, WalletIcon } from "@/components/ui/icons";
import { Spinner } from "@/components/ui/spinner";
import { ConnectButton } from "@/components/wallet/wallet-ui";
import { signOut, useSignIn } from "@/lib/client/sign-in";
import { useWallet } from "@/lib/client/wallet";
import { shortWallet } from "@/lib/domain/wallet";

function Panel({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card aria-labelledby="console-access-title" className="mx-auto max-w-md p-6 text-center sm:p-8" data-testid="console-access">
      <span className="mx-auto grid size-14 place-items-center rounded-3xl bg-brand-50 text-brand-600 dark:bg-brand-950 dark:text-brand-300">{icon}</span>
      <h1 id="console-access-title" className="mt-4 text-2xl font-extrabold tracking-tight">
        {title}
      </h1>
      {children}
    </Card>
  );
}

const note = "mt-2 text-pretty text-sm text-zinc-600 dark:text-zinc-400";

/**
 * Signed out: connect a wallet, then sign in with it. `available` is false when the server has no
 * ADMIN_WALLETS (only ADMIN_TOKEN, for scripts): nobody can sign in then.
 */
export function SignInPanel({ available }: { available: boolean }) {
  const { address } = useWallet();
  const signIn = useSignIn();
  const { run, busy, error } = useStepThenRefresh();
  const wallet = address?.toLowerCase();

  if (!available) {
    return (
      <Panel icon={<LockIcon className="size-7" />} title="Campaign console">
        <p className={note}>
          This server lets no wallet in: list the admins&apos; wallets in ADMIN_WALLETS to sign in here. ADMIN_TOKEN only opens the API to scripts.
        </p>
      </Panel>
    );
  }
  return (
    <Panel icon={<LockIcon className="size-7" />} title="Campaign console">
      <p className={note}>
        Sign in with an admin wallet. Signing a message proves the wallet is yours; it sends no transaction and costs nothing.
      </p>
      <div className="mt-6">
        {wallet ? (
          <button
            type="button"
            data-testid="admin-sign-in"
            onClick={() => void run(() => signIn(wallet))}
            disabled={busy}
            aria-busy={busy}
            className={buttonClass({ size: "lg", className: "w-full" })}
          >
            {busy ? <Spinner className="size-5" /> : <WalletIcon className="size-5" />}
            Sign in as <span className="font-mono">{shortWallet(wallet)}</span>
          </button>
        ) : (
          <ConnectButton size="lg" className="w-full" icon={<WalletIcon className="size-5" />}>
            Connect wallet
          </ConnectButton>
        )}
      </div>
      {wallet && <p className="mt-3 text-xs text-zinc-500 dark:text-zinc-400">Another wallet? Switch it in your wallet app or the menu at the top.</p>}
      <StepError error={error} />
    </Panel>
  );
}

/** Signed in with a wallet that is not in ADMIN_WALLETS. */
export function NotAdminPanel() {
  return (
    <Panel icon={<AlertIcon className="size-7" />} title="This wallet is not an admin">
      <p className={note} data-testid="not-admin">
        The wallet you signed in with cannot open the campaign console. Sign out, then sign in with an admin wallet.
      </p>
      <SignOutButton className="mt-6 w-full" />
    </Panel>
  );
}

/** Ends the session (POST /api/auth/logout); the wallet stays connected to the app. */
export function SignOutButton({ className = "" }: { className?: string }) {
  const { run, busy, error } = useStepThenRefresh();
  return (
    <>
      <button
        type="button"
        data-testid="admin-sign-out"
        onClick={() => void run(signOut)}
        disabled={busy}
        aria-busy={busy}
        className={buttonClass({ variant: "secondary", size: "sm", className })}
      >
        {busy ? <Spinner /> : <LogOutIcon className="size-4" />}
        Sign out
      </button>
      <StepError error={error} />
    </>
  );
}

/**
 * The hero's headline for a visitor who opened an invite link: who invited them and what they
 * both get, or, for a code that names nobody, what they can still do. Decided by what the server
 * found while rendering, so it is the first thing on the page from the first paint and never moves.
 * It claims nothing about the visitor, whom the page does not know before the connect: the
 * connect's answer (recorded, already invited, your own link, unknown code) comes as the banner.
 */
import type { ReactNode } from "react";
import { QUALIFY_STEPS } from "@/components/referral/qualify-steps";
import type { InviteVerdict } from "@/components/referral/invite-verdict";
import { WalletAvatar } from "@/components/wallet/wallet-avatar";
import { REWARD_PER_FRIEND } from "@/lib/domain/leaderboard";
import type { QualifyRule } from "@/lib/domain/qualify";
import { shortWallet } from "@/lib/domain/wallet";

export type InvitedVerdict = Extract<InviteVerdict, { kind: "known" | "unknown" | "invalid" }>;

export const isInvited = (invite: InviteVerdict): invite is InvitedVerdict =>
  invite.kind === "known" || invite.kind === "unknown" || invite.kind === "invalid";

const OWN_LINK = `Connect your wallet anyway: check in daily, finish quests and get your own invite link. Every friend who joins with it earns you both ${REWARD_PER_FRIEND} reward units.`;

function Headline({ status, then, lead }: { status: ReactNode; then: string; lead: ReactNode }) {
  return (
    <>
      <h1 id="hero-title" className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
        <span className="block">
          <span data-testid="invite-status">{status}</span>.
        </span>{" "}
        <span className="mt-2 block bg-gradient-to-r from-brand-600 via-violet-500 to-fuchsia-500 bg-clip-text text-transparent dark:from-brand-400 dark:via-violet-400 dark:to-fuchsia-400">
          {then}
        </span>
      </h1>
      <p data-testid="invite-lead" className="mt-5 max-w-xl text-lg text-pretty text-zinc-600 dark:text-zinc-400">
        {lead}
      </p>
    </>
  );
}

export function InviteHeadline({ invite, qualify }: { invite: InvitedVerdict; qualify: QualifyRule }) {
  switch (invite.kind) {
    case "known": {
      const referrer = shortWallet(invite.referrer);
      // A short address breaks after its ellipsis unless kept on one line.
      const rewards = (
        <>
          you get {REWARD_PER_FRIEND} reward units for joining and <span className="whitespace-nowrap">{referrer}</span> gets{" "}
          {REWARD_PER_FRIEND} for bringing you.
        </>
      );
      return (
        <Headline
          status={
            <>
              Invited by{" "}
              <span className="whitespace-nowrap">
                <span className="mr-2 inline-block align-[-0.1em]">
                  <WalletAvatar wallet={invite.referrer} className="size-8 sm:size-10" />
                </span>
                {referrer}
              </span>
            </>
          }
          then={qualify === "none" ? `Connect, and you each get ${REWARD_PER_FRIEND} reward units.` : `You each get ${REWARD_PER_FRIEND} reward units.`}
          lead={
            <>
              {qualify === "none" ? (
                <>Connect your wallet to accept the invite: {rewards}</>
              ) : (
                <>
                  Connect your wallet to accept the invite. Once you {QUALIFY_STEPS[qualify].you}, {rewards}
                </>
              )}{" "}
              Then share your own link: every friend who joins with it earns you both {REWARD_PER_FRIEND} more.
            </>
          }
        />
      );
    }
    case "unknown":
      return (
        <Headline
          status="This invite code isn't known"
          then="You can still play."
          lead={
            <>
              No wallet has the code <span className="font-mono">{invite.code}</span> yet, so it can&apos;t tell who invited you.{" "}
              {OWN_LINK}
            </>
          }
        />
      );
    case "invalid":
      return (
        <Headline
          status="This invite link is broken"
          then="You can still play."
          lead={`Invite codes have 8 characters, so this link can't tell who invited you: ask your friend to send it again. ${OWN_LINK}`}
        />
      );
  }
}

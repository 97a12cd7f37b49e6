"use client";

import dynamic from "next/dynamic";
import { useEffect } from "react";
import { Landing } from "@/components/landing/landing";
import type { InviteVerdict } from "@/components/referral/invite-verdict";
import { useReferralSession } from "@/components/referral/referral-session";
import type { TaskSettings } from "@/components/tasks/task-list";
import type { BoardOverview } from "@/lib/contract/schemas";
import type { QualifyRule } from "@/lib/domain/qualify";
import { useWallet } from "@/lib/client/wallet";

// The dashboard's code (tasks, quests, the referral card) stays off the landing's first load. The
// server still renders it for a wallet read from the cookie, and has the browser preload its chunk;
// a visitor's browser fetches it right after hydration, so connecting finds it in place.
const Dashboard = dynamic(() => import("@/components/dashboard/dashboard").then((m) => m.Dashboard));
const preloadDashboard = () => import("@/components/dashboard/dashboard").catch(() => undefined);

/** The landing page for visitors, the dashboard once a wallet is connected (or being restored from the cookie). */
export function HomeView({
  invite,
  board,
  appName,
  settings,
  qualify,
  quickAuthOrigin,
}: {
  invite: InviteVerdict;
  board: BoardOverview | null;
  appName: string;
  settings: TaskSettings;
  /** REFERRAL_QUALIFY: what a referee must do before a referral counts. */
  qualify: QualifyRule;
  /** Set while Farcaster notifications are on (NEYNAR_API_KEY): the Quick Auth server. */
  quickAuthOrigin: string | null;
}) {
  const { address } = useWallet();
  const { reportUnknownCode } = useReferralSession();
  useEffect(() => void preloadDashboard(), []);
  useEffect(() => {
    if (invite.kind === "unknown") reportUnknownCode(invite.code);
  }, [invite, reportUnknownCode]);
  if (address) return <Dashboard key={address} wallet={address.toLowerCase()} appName={appName} settings={settings} qualify={qualify} quickAuthOrigin={quickAuthOrigin} />;
  return <Landing invite={invite} board={board} appName={appName} qualify={qualify} />;
}

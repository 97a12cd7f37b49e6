"use client";

import { Dashboard } from "@/components/dashboard/dashboard";
import { Landing } from "@/components/landing/landing";
import type { TaskSettings } from "@/components/tasks/task-list";
import { useWallet } from "@/lib/client/wallet";

/** The landing page for visitors, the dashboard once a wallet is connected (or being restored from the cookie). */
export function HomeView({ serverRef, appName, settings }: { serverRef: string | null; appName: string; settings: TaskSettings }) {
  const { address } = useWallet();
  if (address) return <Dashboard key={address} wallet={address.toLowerCase()} appName={appName} settings={settings} />;
  return <Landing serverRef={serverRef} appName={appName} />;
}

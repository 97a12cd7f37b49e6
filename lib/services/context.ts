/** The process's service dependencies, built once from configuration. Route handlers call deps(). */
import "server-only";
import { config, siteConfig } from "@/lib/config";
import { systemClock, type Clock } from "@/lib/domain/clock";
import { rulebookOf, type Rulebook } from "@/lib/domain/rulebook";
import { createNftVerifier } from "@/lib/chain/verifier";
import type { NftVerifier } from "@/lib/chain/types";
import { createWalletActivity, type WalletActivity } from "@/lib/chain/activity";
import { qualificationOf, type Qualification } from "@/lib/services/qualify";
import { socialChecksOf, type SocialChecks } from "@/lib/services/social-checks";
import { createNeynarClient, type NeynarClient } from "@/lib/farcaster/neynar";
import type { SeasonSchedule } from "@/lib/domain/seasons";
import { after } from "next/server";
import { createAppKeyCheck } from "@/lib/farcaster/app-key";
import { createNotificationClient } from "@/lib/farcaster/notify-client";
import { createQuickAuthCheck } from "@/lib/farcaster/quick-auth";
import { createDispatcher, type EventDispatcher } from "@/lib/services/events";
import { notificationSubscriptions, type Notifier } from "@/lib/services/notifications";
import { getStore } from "@/lib/store";
import type { Store } from "@/lib/store/types";

/** What every service function takes (each picks the ports it uses): the store, the clock and, when configured, the chain. */
export interface Deps {
  store: Store;
  clock: Clock;
  /** null when on-chain verification is not configured. */
  chain: NftVerifier | null;
  /** Reads whether wallets look fresh, over the same RPC; null when no RPC is configured. */
  activity: WalletActivity | null;
  /** The rules of the game (lib/domain/rulebook.ts): points, and REFERRAL_QUALIFY's rule of when a referral is credited. */
  rules: Rulebook;
  /** The chain read of the "onchain" rule, the Neynar read of the "farcaster" rule. */
  qualification: Qualification;
  /** The Farcaster tasks checked through Neynar; null while no target is set (all self-attested). */
  socialChecks: SocialChecks | null;
  /** SEASON_LENGTH_DAYS and SEASON_START; null while seasons are off. */
  seasons: SeasonSchedule | null;
  /** Farcaster notifications; null while NEYNAR_API_KEY is unset. */
  notifications: Notifier | null;
  /** Where use cases emit their domain events; its subscribers are listed in deps(). */
  events: EventDispatcher;
}

let chain: NftVerifier | null | undefined;
let activity: WalletActivity | null | undefined;
let rules: Rulebook | undefined;
let qualification: Qualification | undefined;
let neynar: NeynarClient | null | undefined;
let socialChecks: SocialChecks | null | undefined;
let notifications: Notifier | null | undefined;
let events: EventDispatcher | undefined;

export async function deps(): Promise<Deps> {
  const cfg = config();
  chain ??= cfg.chain ? createNftVerifier(cfg.chain) : null;
  activity ??= cfg.chain ? createWalletActivity(cfg.chain) : null;
  rules ??= rulebookOf(cfg.qualify.rule);
  neynar ??= cfg.neynar && createNeynarClient(cfg.neynar);
  socialChecks ??= socialChecksOf(cfg.socialTargets, neynar);
  notifications ??= cfg.notifications && {
    config: cfg.notifications,
    appName: siteConfig().name,
    client: createNotificationClient(cfg.notifications.timeoutMs),
    verifyAppKey: createAppKeyCheck(cfg.notifications.hubUrl, cfg.notifications.neynarApiKey, cfg.notifications.timeoutMs),
    quickAuth: createQuickAuthCheck(cfg.notifications.quickAuthOrigin),
  };
  const store = await getStore();
  qualification ??= qualificationOf(cfg.qualify, activity, neynar && { neynar, store });
  // Every subscriber of the domain events (lib/domain/events.ts): one more consumer is one more entry.
  events ??= createDispatcher(after, [...notificationSubscriptions({ store, clock: systemClock, notifications })]);
  return { store, clock: systemClock, chain, activity, rules, qualification, socialChecks, seasons: cfg.store.seasons ?? null, notifications, events };
}

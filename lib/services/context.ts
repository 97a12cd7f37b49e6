/** The process's service dependencies, built once from configuration (buildDeps). Route handlers call deps(). */
import "server-only";
import { config, siteConfig, type Config } from "@/lib/config";
import { systemClock, type Clock } from "@/lib/domain/clock";
import { rulebookOf, type Rulebook } from "@/lib/domain/rulebook";
import { createNftVerifier } from "@/lib/chain/verifier";
import { verifiesNftMint } from "@/lib/domain/task-availability";
import type { NftVerifier } from "@/lib/chain/types";
import { createWalletActivity, type WalletActivity } from "@/lib/chain/activity";
import { createQuestReads, type QuestReads } from "@/lib/chain/quest-reads";
import { createDistributorReads, type DistributorReads } from "@/lib/chain/distributor-reads";
import { createNeynarClient, type NeynarClient } from "@/lib/farcaster/neynar";
import { qualificationOf, type Qualification } from "@/lib/services/qualify";
import { socialChecksOf, type SocialChecks } from "@/lib/services/social-checks";
import type { SeasonSchedule } from "@/lib/domain/seasons";
import { after } from "next/server";
import { createAppKeyCheck } from "@/lib/farcaster/app-key";
import { createNotificationClient } from "@/lib/farcaster/notify-client";
import { createQuickAuthCheck } from "@/lib/farcaster/quick-auth";
import { createDispatcher, type EventDispatcher, type Later } from "@/lib/services/events";
import { notificationSubscriptions, type Notifier } from "@/lib/services/notifications";
import { webhookRuntime, webhookSubscriptions, type WebhookRuntime } from "@/lib/services/webhooks";
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
  /** Reads the on-chain quests' requirements over RPC_URL; null when no RPC is configured. */
  questReads: QuestReads | null;
  /** Neynar's API for the Farcaster quests; null while NEYNAR_API_KEY is unset. */
  neynar: NeynarClient | null;
  /** Reads a payout distributor over RPC_URL to check it against its plan; null when no RPC is configured. */
  distributorReads: DistributorReads | null;
  /** Outbound webhooks: WEBHOOKS_ALLOW_PRIVATE, and what this process knows of endpoints and its delivery run. */
  webhooks: WebhookRuntime;
}

/**
 * The services' dependencies over `store`, built from configuration: the one composition root of
 * the app (deps()) and of the bench's bare server. `later` runs the events' subscribers once the
 * response is sent (next/server's after() in the app).
 */
export function buildDeps(cfg: Config, store: Store, later: Later): Deps {
  // RPC_URL alone serves the quests and payouts; nft_mint is verified only beside its contract.
  const chain = cfg.chain && verifiesNftMint(cfg.chain) ? createNftVerifier(cfg.chain) : null;
  const activity = cfg.chain ? createWalletActivity(cfg.chain) : null;
  const notifications = cfg.notifications && {
    config: cfg.notifications,
    appName: siteConfig().name,
    client: createNotificationClient(cfg.notifications.timeoutMs),
    verifyAppKey: createAppKeyCheck(cfg.notifications.hubUrl, cfg.notifications.neynarApiKey, cfg.notifications.timeoutMs),
    quickAuth: createQuickAuthCheck(cfg.notifications.quickAuthOrigin),
  };
  const questReads = cfg.chain ? createQuestReads(cfg.chain) : null;
  const distributorReads = cfg.chain ? createDistributorReads(cfg.chain) : null;
  const neynar = cfg.neynar && createNeynarClient(cfg.neynar);
  const qualification = qualificationOf(cfg.qualify, activity, neynar && { neynar, store });
  const socialChecks = socialChecksOf(cfg.socialTargets, neynar);
  // Every subscriber of the domain events (lib/domain/events.ts): one more consumer is one more entry.
  const webhooks = webhookRuntime(cfg.webhooks.allowPrivate, later);
  const events = createDispatcher(later, [
    ...notificationSubscriptions({ store, clock: systemClock, notifications }),
    ...webhookSubscriptions({ store, clock: systemClock, webhooks }),
  ]);
  return { store, clock: systemClock, chain, activity, rules: rulebookOf(cfg.qualify.rule), qualification, socialChecks, seasons: cfg.store.seasons ?? null, notifications, events, questReads, neynar, distributorReads, webhooks };
}

let built: Deps | undefined;

export async function deps(): Promise<Deps> {
  const store = await getStore();
  if (built?.store !== store) built = buildDeps(config(), store, after);
  return built;
}

/**
 * What a real campaign still lacks on this deployment, read from the parsed configuration: the
 * console's Setup list. Names of settings only, and whether each is set: never a value, so nothing
 * secret can reach the page.
 */
import type { PublicOriginsConfig } from "@/lib/domain/public-origin";
import { isPlaceholderTaskUrl, verifiesNftMint } from "@/lib/domain/task-availability";
import { SOCIAL_TASK_IDS, type SocialTaskId } from "@/lib/domain/tasks";

/**
 * The parts of the parsed configuration (lib/config: config(), siteConfig(), headersConfig(),
 * publicOriginsConfig()) the list reads; the real objects fit as they are.
 */
export interface SetupSettings {
  config: {
    store: { kind: "sqlite" | "redis" | "upstash" };
    chain?: { nftContract?: string; stakingContract?: string };
    notifications: { cronSecret?: string } | null;
  };
  site: { taskUrls: Record<SocialTaskId, string>; farcaster: { accountAssociation?: object } };
  headers: { walletConnect: boolean };
  origins: Pick<PublicOriginsConfig, "source">;
}

export type SetupItemId = "app-url" | "store" | "walletconnect" | "task-urls" | "nft" | "account-association" | "cron";

export interface SetupItem {
  id: SetupItemId;
  title: string;
  /** The settings that make it, as an operator sets them. */
  settings: string;
  /** What setting it changes, in one line. */
  effect: string;
  /**
   * The variables still to set, by name; empty once the item is done. As far as the parsed
   * configuration tells: without RPC_URL it keeps no NFT_CONTRACT, without NEYNAR_API_KEY no
   * CRON_SECRET, so those items name the first one only.
   */
  missing: string[];
}

const TASK_URL_VARIABLES: Record<SocialTaskId, string> = {
  add_miniapp: "TASK_ADD_MINIAPP_URL",
  fc_follow: "TASK_FC_FOLLOW_URL",
  fc_like_recast: "TASK_FC_LIKE_RECAST_URL",
  fc_comment: "TASK_FC_COMMENT_URL",
};

const ACCOUNT_ASSOCIATION_VARIABLES = ["FARCASTER_HEADER", "FARCASTER_PAYLOAD", "FARCASTER_SIGNATURE"];

/** Every item, in the order an operator meets them; done when `missing` is empty. */
export function setupChecklist({ config, site, headers, origins }: SetupSettings): SetupItem[] {
  return [
    {
      id: "app-url",
      title: "Public URL",
      settings: "APP_URL",
      effect: "Referral links, the Farcaster manifest and sign-in use this origin; unset, they fall back to Vercel's deployment URLs or localhost.",
      missing: origins.source === "APP_URL" ? [] : ["APP_URL"],
    },
    {
      id: "store",
      title: "Shared store",
      settings: "KV_REST_API_URL + KV_REST_API_TOKEN (Vercel KV / Upstash), or REDIS_URL",
      effect: "Every server and function reads the same data; unset, it lives in the embedded SQLite file, which only one server with its own disk can use (Vercel has none).",
      missing: config.store.kind === "sqlite" ? ["KV_REST_API_URL", "KV_REST_API_TOKEN"] : [],
    },
    {
      id: "walletconnect",
      title: "WalletConnect",
      settings: "NEXT_PUBLIC_WALLETCONNECT_PROJECT_ID",
      effect: "Phone wallets connect by QR code or deep link; unset, only browser wallets and Farcaster's own do. Read at build time: redeploy after setting it.",
      missing: headers.walletConnect ? [] : ["NEXT_PUBLIC_WALLETCONNECT_PROJECT_ID"],
    },
    {
      id: "task-urls",
      title: "Social task links",
      settings: SOCIAL_TASK_IDS.map((id) => TASK_URL_VARIABLES[id]).join(", "),
      effect: "What each Farcaster quest opens: your mini app, account and casts; left at a farcaster.xyz placeholder, the quest is not offered.",
      missing: SOCIAL_TASK_IDS.filter((id) => isPlaceholderTaskUrl(site.taskUrls[id])).map((id) => TASK_URL_VARIABLES[id]),
    },
    {
      id: "nft",
      title: "NFT check",
      settings: "RPC_URL, NFT_CONTRACT",
      effect: "The nft_mint quest reads the chain for the wallet's NFT; unset, it answers that on-chain verification is not configured.",
      missing: !config.chain ? ["RPC_URL"] : verifiesNftMint(config.chain) ? [] : ["NFT_CONTRACT"],
    },
    {
      id: "account-association",
      title: "Farcaster account association",
      settings: ACCOUNT_ASSOCIATION_VARIABLES.join(", "),
      effect: "Signs the manifest (/.well-known/farcaster.json) for this domain, so Farcaster knows whose app it is; unset, the manifest has no accountAssociation.",
      missing: site.farcaster.accountAssociation ? [] : ACCOUNT_ASSOCIATION_VARIABLES,
    },
    {
      id: "cron",
      title: "Check-in reminders",
      settings: "CRON_SECRET, with NEYNAR_API_KEY",
      effect: "Vercel Cron runs the daily check-in reminders (GET /api/cron/checkin-reminders); unset, that route answers 404 and no reminder goes out.",
      // Without notifications the secret is never read: NEYNAR_API_KEY comes first.
      missing: config.notifications === null ? ["NEYNAR_API_KEY"] : config.notifications.cronSecret ? [] : ["CRON_SECRET"],
    },
  ];
}

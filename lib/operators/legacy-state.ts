/**
 * What the legacy import knows while it reads: one draft per lowercase wallet, the
 * relationships and code owners found, and the report with every inconsistency met.
 */
import { isWallet, normaliseWallet } from "@/lib/domain/wallet";
import type { SocialTaskId } from "@/lib/domain/tasks";

export const INCONSISTENCY_KINDS = [
  "invalid-key",
  "unreadable-value",
  "bad-timestamp",
  "case-duplicate",
  "self-referral",
  "refcount-mismatch",
  "missing-score",
  "score-below-relationships",
  "score-above-relationships",
  "bad-score",
  "entry-without-data",
  "referrer-not-in-set",
  "inactive-referrer-in-set",
  "refcode-mismatch",
  "shared-code",
  "wrong-type",
] as const;
export type InconsistencyKind = (typeof INCONSISTENCY_KINDS)[number];

export interface Inconsistency {
  kind: InconsistencyKind;
  /** The legacy key (or wallet) concerned. */
  subject: string;
  /** What was found and what the import did about it. */
  detail: string;
}

export interface ImportReport {
  /** What the source held. */
  source: {
    keys: number;
    referralKeys: number;
    refcodeKeys: number;
    refcountKeys: number;
    userKeys: number;
    leaderboardMembers: number;
    referrerSetMembers: number;
    /** Keys that are not the legacy app's (ours included, when importing into the same Redis), left alone. */
    otherKeys: number;
  };
  /** Wallets mapped, relationships kept, leaderboard entries. */
  wallets: number;
  referrals: number;
  entries: number;
  /** Sum of the legacy leaderboard's scores, and of the imported ones; rewards = score x 20. */
  legacyScoreTotal: number;
  importedScoreTotal: number;
  /** Records written; records already identical in the target; records the target holds differently. */
  written: number;
  unchanged: number;
  conflicting: number;
  /** True when nothing was written: a dry run, or conflicts without `overwrite`. */
  aborted: boolean;
  inconsistencies: number;
  byKind: Record<InconsistencyKind, number>;
  /** Target records that differed from the import (the first 20), when any. */
  conflictSamples: string[];
}

export type RawTask = { completed: boolean; ts: number | null };

export interface RawUser {
  checkInLast: number | null;
  social: Partial<Record<SocialTaskId, RawTask>>;
  nftMint: boolean;
}

export interface Draft {
  wallet: string;
  referrer: string | null;
  /** When the relationship was recorded; null when unknown. */
  referredAt: number | null;
  /** The key the relationship came from, to resolve case variants. */
  referralKey: string | null;
  referees: number;
  /** Latest createdAt among its referees. */
  lastRefereeAt: number | null;
  /** Earliest createdAt among its referees. */
  firstRefereeAt: number | null;
  legacyCount: number | null;
  legacyScore: number | null;
  inReferrerSet: boolean;
  ownsCodeInLegacy: boolean;
  /** Whether any key other than the leaderboard named it. */
  hasData: boolean;
  user: RawUser | null;
}

export interface Relationship {
  referee: string;
  referrer: string;
  createdAt: number | null;
  key: string;
}

/** How case variants of one wallet's key are merged, by kind of key. */
const MERGE_RULE: Record<"referral" | "refcount" | "user" | "leaderboard", string> = {
  referral: "the earliest createdAt is the relationship",
  refcount: "counts add up",
  user: "earliest completion per task, latest check-in, nft_mint if any",
  leaderboard: "scores add up",
};

export class ImportState {
  readonly report: ImportReport = {
    source: { keys: 0, referralKeys: 0, refcodeKeys: 0, refcountKeys: 0, userKeys: 0, leaderboardMembers: 0, referrerSetMembers: 0, otherKeys: 0 },
    wallets: 0,
    referrals: 0,
    entries: 0,
    legacyScoreTotal: 0,
    importedScoreTotal: 0,
    written: 0,
    unchanged: 0,
    conflicting: 0,
    aborted: false,
    inconsistencies: 0,
    byKind: Object.fromEntries(INCONSISTENCY_KINDS.map((k) => [k, 0])) as Record<InconsistencyKind, number>,
    conflictSamples: [],
  };
  readonly drafts = new Map<string, Draft>();
  readonly relationships: Relationship[] = [];
  /** refCode -> the wallet its refcode key names; "" when refcode keys of one code disagree. */
  readonly codeOwners = new Map<string, string>();
  /** Every key read per lowercase wallet and kind: SCAN may return a key twice, and case variants are merged. */
  private readonly seenKeys = new Map<string, string[]>();

  constructor(private readonly onInconsistency?: (inconsistency: Inconsistency) => void) {}

  readonly flag = (kind: InconsistencyKind, subject: string, detail: string): void => {
    this.report.inconsistencies++;
    this.report.byKind[kind]++;
    this.onInconsistency?.({ kind, subject, detail });
  };

  draft(wallet: string): Draft {
    let d = this.drafts.get(wallet);
    if (!d) {
      d = {
        wallet,
        referrer: null,
        referredAt: null,
        referralKey: null,
        referees: 0,
        lastRefereeAt: null,
        firstRefereeAt: null,
        legacyCount: null,
        legacyScore: null,
        inReferrerSet: false,
        ownsCodeInLegacy: false,
        hasData: false,
        user: null,
      };
      this.drafts.set(wallet, d);
    }
    return d;
  }

  /** Whether `key` is the first key of its kind for the wallet, the same key again, or a case variant (reported). */
  keyOf(kind: keyof typeof MERGE_RULE, wallet: string, key: string): "first" | "repeat" | "variant" {
    const id = `${kind}:${wallet}`;
    const keys = this.seenKeys.get(id);
    if (keys === undefined) {
      this.seenKeys.set(id, [key]);
      return "first";
    }
    if (keys.includes(key)) return "repeat";
    this.flag("case-duplicate", key, `${keys[0]} and ${key} name the same wallet; merged (${MERGE_RULE[kind]})`);
    keys.push(key);
    return "variant";
  }

  /** The lowercase wallet a key or member names, or null (reported) when it names none. */
  walletOfKey(key: string, raw: string): string | null {
    if (isWallet(raw)) return normaliseWallet(raw);
    this.flag("invalid-key", key, "does not name a wallet (0x + 40 hex); skipped");
    return null;
  }
}

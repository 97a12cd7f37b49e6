/**
 * A synthetic campaign of N wallets, shaped like a viral referral campaign and internally
 * consistent, so the benchmark measures a store that looks like production:
 *
 * - Wallets join over `days` days, more and more of them per day (exponential growth).
 * - Most joined through a referral link. A referrer is picked either uniformly among earlier
 *   wallets or by copying the referrer of a random earlier referral ("copy model", i.e.
 *   preferential attachment): most wallets end with 0-2 referrals, a power-law tail reaches
 *   hundreds at 10k wallets and thousands at 1M.
 * - Every figure follows from the relationships, as the services would have produced it:
 *   referralsCount = number of referees; score = referralsCount + (referrer ? 1 : 0); the
 *   entry is reached at the last of those +1 events; referrers join before their referees.
 *
 * Deterministic for a given (wallets, seed, now), and wallet i's address is a pure function
 * of (seed, i), so the benchmark can pick seeded wallets at random without keeping a list.
 */
import { scoreOf } from "@/lib/domain/leaderboard";
import { DEFAULT_RULEBOOK } from "@/lib/domain/rulebook";
import { SOCIAL_TASK_IDS, type SocialTaskId } from "@/lib/domain/tasks";
import type { Quest } from "@/lib/contract/quest-schemas";
import { refCodeOf } from "@/lib/domain/wallet";
import type { AnalyticsStore, OperatorStore, WalletRecord } from "@/lib/store/types";
import type { Population } from "@/scripts/bench/requests";

export interface DatasetOptions {
  wallets: number;
  /** PRNG seed; the same seed gives the same wallets. */
  seed?: number;
  /** Unix seconds: the campaign ends one hour before this. */
  now?: number;
  /** Length of the campaign. */
  days?: number;
}

const DAY = 86_400;
/** Share of wallets that joined through a referral link. */
const REFERRED_SHARE = 0.65;
/** Share of referrals whose referrer is picked uniformly; the rest copy an earlier referral's referrer. */
const UNIFORM_PICK = 0.35;
/** Share of score-0 wallets that have a leaderboard entry (they looked up their rank once). */
const ZERO_ENTRY_SHARE = 0.3;
const CHECKIN_SHARE = 0.5;
const NFT_SHARE = 0.05;
const SOCIAL_SHARE: Record<SocialTaskId, number> = { add_miniapp: 0.4, fc_follow: 0.5, fc_like_recast: 0.3, fc_comment: 0.2 };
/** Growth rate over the campaign: e^GROWTH times more wallets join on the last day than on the first. */
const GROWTH = 3;

/** mulberry32: a small, fast, seedable PRNG; uniform in [0, 1). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** murmur3's finaliser: a bijection on 32-bit integers that mixes every bit. */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

const hex8 = (n: number) => n.toString(16).padStart(8, "0");

/**
 * Address of seeded wallet i. The first word is a bijection of i, so addresses never repeat;
 * the last word (the refCode) is an ordinary hash, so codes collide as often as real ones do.
 */
export function seededWallet(seed: number, i: number): `0x${string}` {
  const s = Math.imul(seed, 0x9e3779b1) >>> 0;
  let out = hex8(fmix32((i ^ s) >>> 0));
  for (let w = 1; w < 5; w++) out += hex8(fmix32((Math.imul(i, 0x27d4eb2f) + Math.imul(w, 0x165667b1) + s) >>> 0));
  return `0x${out}`;
}

/** The wallets a stage's rows name: one at random for reads, in turn for writes that must not meet. */
export function populationOf(seed: number, size: number): Population {
  return { seeded: () => seededWallet(seed, Math.floor(Math.random() * size)), nth: (i) => seededWallet(seed, i % size) };
}

export interface Dataset {
  size: number;
  seed: number;
  wallet(i: number): `0x${string}`;
  /** Records in creation order, `batchSize` at a time. */
  batches(batchSize: number): Generator<WalletRecord[]>;
  /** Summary figures, for the seed's log and the benchmark report. */
  stats: { referred: number; referrers: number; maxReferrals: number; withEntry: number; zeroToTwo: number };
}

export function generateDataset(options: DatasetOptions): Dataset {
  const n = options.wallets;
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`wallets must be a whole number >= 1, got ${n}`);
  const seed = options.seed ?? 1;
  const end = (options.now ?? Math.floor(Date.now() / 1000)) - 3600;
  const start = end - (options.days ?? 30) * DAY;
  const random = prng(seed);

  // Pass 1: who joined when, and who referred whom (referrers always join earlier).
  const createdAt = new Uint32Array(n);
  const referrer = new Int32Array(n).fill(-1);
  const referrals = new Uint32Array(n);
  const lastReferredAt = new Uint32Array(n);
  const referredBy = new Int32Array(n); // referrer of every referral so far, in order: the copy model's urn
  let referred = 0;
  const span = end - start;
  for (let i = 0; i < n; i++) {
    const u = (i + random()) / n;
    createdAt[i] = start + Math.floor((span * Math.log1p((Math.exp(GROWTH) - 1) * u)) / GROWTH);
    if (i === 0 || random() >= REFERRED_SHARE) continue;
    const r = referred === 0 || random() < UNIFORM_PICK ? Math.floor(random() * i) : referredBy[Math.floor(random() * referred)]!;
    referrer[i] = r;
    referredBy[referred++] = r;
    referrals[r]!++;
    lastReferredAt[r] = createdAt[i]!; // the referee joins through the link: referredAt = its createdAt
  }

  let referrers = 0;
  let maxReferrals = 0;
  let zeroToTwo = 0;
  for (let i = 0; i < n; i++) {
    if (referrals[i]! > 0) referrers++;
    if (referrals[i]! <= 2) zeroToTwo++;
    maxReferrals = Math.max(maxReferrals, referrals[i]!);
  }

  // Pass 2 draws per-wallet extras from its own stream, so batches can be produced lazily.
  const entryRandom = prng(seed ^ 0x5bd1e995);
  let withEntry = 0;
  const wallet = (i: number) => seededWallet(seed, i);
  const record = (i: number): WalletRecord => {
    const joined = createdAt[i]!;
    const r = referrer[i]!;
    const count = referrals[i]!;
    const score = scoreOf(count, r >= 0, DEFAULT_RULEBOOK.referral);
    const reachedAt = Math.max(r >= 0 ? joined : 0, lastReferredAt[i]!);
    const after = (maxDelay: number) => joined + Math.floor(entryRandom() * Math.max(0, Math.min(maxDelay, end - joined)));
    let entry: WalletRecord["entry"] = null;
    if (score > 0) entry = { score, reachedAt };
    else if (entryRandom() < ZERO_ENTRY_SHARE) entry = { score: 0, reachedAt: after(DAY) };
    if (entry) withEntry++;
    const social = {} as Record<SocialTaskId, number | null>;
    for (const id of SOCIAL_TASK_IDS) social[id] = entryRandom() < SOCIAL_SHARE[id] ? after(DAY) : null;
    const checkInLast =
      entryRandom() < CHECKIN_SHARE ? Math.max(joined, end - Math.floor(entryRandom() * 3 * DAY)) : null;
    return {
      wallet: wallet(i),
      createdAt: joined,
      referrer: r >= 0 ? wallet(r) : null,
      referredAt: r >= 0 ? joined : null,
      referralsCount: count,
      entry,
      checkInLast,
      social,
      nftMint: entryRandom() < NFT_SHARE,
    };
  };

  const stats = { referred, referrers, maxReferrals, withEntry: 0, zeroToTwo };
  return {
    size: n,
    seed,
    wallet,
    stats,
    *batches(batchSize: number) {
      for (let from = 0; from < n; from += batchSize) {
        const batch: WalletRecord[] = [];
        for (let i = from; i < Math.min(n, from + batchSize); i++) batch.push(record(i));
        stats.withEntry = withEntry;
        yield batch;
      }
    },
  };
}

/** Quests of the catalog the bench seeds beside the wallets, at every size: half daily, half once. */
export const BENCH_QUEST_COUNT = 10;

/**
 * The bench's quest catalog: self-attested visits (no chain, no Neynar), so a completion is the store's
 * work alone. BENCH_DAILY_QUEST and BENCH_ONCE_QUEST are the ones POST /api/quests/complete completes.
 */
export const BENCH_QUESTS: readonly Quest[] = Array.from({ length: BENCH_QUEST_COUNT }, (_, i) => ({
  id: `bench-visit-${i}`,
  title: `Visit page ${i}`,
  description: "",
  type: "visit" as const,
  params: { url: `https://example.com/bench/${i}` },
  points: 1 + (i % 3),
  recurrence: i % 2 === 0 ? ("daily" as const) : ("once" as const),
  archived: false,
}));
export const BENCH_DAILY_QUEST = BENCH_QUESTS[0]!.id;
export const BENCH_ONCE_QUEST = BENCH_QUESTS[1]!.id;

export interface WriteOptions {
  /** Records per putWallets call; default and maximum: the store's putBatchLimit. */
  batchSize?: number;
  /** putWallets calls in flight at once: keeps the store busy while the next batch is built. */
  concurrency?: number;
  onProgress?: (written: number) => void;
}

/** Writes the dataset through OperatorStore.putWallets; resolves with the number of records written. */
export async function writeDataset(
  admin: Pick<OperatorStore, "putWallets" | "putBatchLimit">,
  dataset: Dataset,
  options: WriteOptions = {},
): Promise<number> {
  const batchSize = Math.min(options.batchSize ?? admin.putBatchLimit, admin.putBatchLimit);
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const inFlight = new Set<Promise<void>>();
  let written = 0;
  let failure: unknown;
  for (const batch of dataset.batches(batchSize)) {
    if (failure !== undefined) break;
    const write: Promise<void> = admin.putWallets(batch).then(
      () => {
        written += batch.length;
        options.onProgress?.(written);
      },
      (error: unknown) => {
        failure ??= error;
      },
    );
    const tracked = write.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
    if (inFlight.size >= concurrency) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  if (failure !== undefined) throw failure;
  return written;
}

/**
 * Visits of one busy day: `visits` beacons at `now`, each from its own visitor, to the links of
 * seeded wallets picked at random, so the admin stats row reads a day as large as a viral
 * campaign's and shows whether its cost follows the visitors. Resolves with the visits counted.
 */
export async function writeVisits(
  store: Pick<AnalyticsStore, "countVisit">,
  dataset: Dataset,
  { visits, now, concurrency = 64 }: { visits: number; now: number; concurrency?: number },
): Promise<number> {
  const random = prng(dataset.seed ^ 0x7f4a7c15);
  let next = 0;
  let counted = 0;
  const worker = async () => {
    while (next < visits) {
      const i = next++;
      const owner = dataset.wallet(Math.floor(random() * dataset.size));
      if (await store.countVisit({ refCode: refCodeOf(owner), visitorId: `bench-visitor-${i.toString(36).padStart(8, "0")}`, now })) counted++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return counted;
}

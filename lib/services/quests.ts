/**
 * A wallet's quests: GET /api/quests (the public view, archived quests left out) and POST
 * /api/quests/complete. A completion answers in the order of questStatus (lib/domain/quests.ts):
 * unknown or archived 404, a once quest done (alreadyCompleted), not active 400, cooldown 400, then the
 * verifier: the answer of a quiz, the chain (lib/chain/quest-reads.ts) or Neynar for the wallet's linked
 * fid. The store step (creditAction) credits the quest's earn rule (rulebook questEarnRule) in one atomic step.
 *
 * Round trips: a read is one. A self-attested quest, or a quiz answered right, is written straight
 * against the catalog the process holds (one), the store refusing it when done or on cooldown; anything
 * else reads the wallet's progress first (the chain or Neynar is asked between the read and the write:
 * two). A write against a catalog that changed meanwhile is refused by the store and done again once
 * on the new catalog.
 */
import { ApiError } from "@/lib/contract/errors";
import type { CompleteQuestBody, CompleteQuestResponse, PublicQuest, Quest, QuestsResponse } from "@/lib/contract/quest-schemas";
import { publicQuestOf } from "@/lib/contract/quest-schemas";
import { ChainError } from "@/lib/chain/verifier";
import type { OnchainRequirement } from "@/lib/chain/quest-reads";
import { NeynarError } from "@/lib/farcaster/neynar";
import { isQuestActive, questCooldown, questStatus, verifierOf } from "@/lib/domain/quests";
import { currentStreak, questEarnRule } from "@/lib/domain/rulebook";
import type { Wallet } from "@/lib/domain/wallet";
import type { Deps } from "@/lib/services/context";
import type { RequestContext } from "@/lib/services/events";
import { heldCatalog, listedQuest, questErrors, readQuestsOf, type Catalog } from "@/lib/services/quest-catalog";
import type { QuestStore, WalletQuests } from "@/lib/store/types";

type QuestDeps = Pick<Deps, "clock" | "events" | "questReads" | "neynar"> & { store: QuestStore };

export const QUEST_REASONS = {
  wrongAnswer: "Wrong answer",
  chainOff: "On-chain verification is not configured",
  farcasterOff: "Farcaster verification is not configured",
  needsFarcaster: "No Farcaster account is linked to this wallet: open the app in Farcaster to link it",
  noScore: "Neynar gives this Farcaster account no score",
} as const;


const questErrorsOfCompletion = {
  notActive: () => new ApiError(400, "Quest not active"),
  onCooldown: (cooldownRemaining: number) => new ApiError(400, "Quest on cooldown", { cooldownRemaining }),
  answerMissing: () => new ApiError(400, "Invalid answer: a quiz needs the index of an option"),
  chainDown: () => new ApiError(503, "Could not read the chain, please retry"),
  neynarDown: () => new ApiError(503, "Could not reach Neynar, please retry"),
};

/** GET /api/quests?wallet= : one round trip, the check-in streak included. */
export async function getQuests(deps: QuestDeps, wallet: Wallet): Promise<QuestsResponse> {
  const { catalog, progress } = await readQuestsOf(deps, wallet);
  const now = deps.clock();
  const quests: PublicQuest[] = catalog.quests
    .filter((quest) => !quest.archived)
    .map((quest) => publicQuestOf(quest, { lastCompletedAt: progress.lastCompleted[quest.id] ?? null, fidLinked: progress.fid !== null, now }));
  return { wallet, points: progress.points, streak: currentStreak(progress.checkIn, now), streakBonuses: catalog.streakBonuses, quests };
}

/** Whether the store step alone can decide the rest: an active quest nobody outside needs to confirm. */
function writesFirst(quest: Quest, answer: number | undefined, now: number): boolean {
  if (!isQuestActive(quest, now)) return false;
  if (quest.type === "quiz") return answer === quest.params.answer;
  return verifierOf(quest.type) === "self-attested";
}

/** POST /api/quests/complete */
export async function completeQuest(deps: QuestDeps, input: CompleteQuestBody, request?: RequestContext): Promise<CompleteQuestResponse> {
  const first = await attempt(deps, input, heldCatalog(deps.store), request);
  if (first !== "stale") return first;
  const second = await attempt(deps, input, undefined, request);
  if (second === "stale") throw questErrors.busy();
  return second;
}

async function attempt(deps: QuestDeps, input: CompleteQuestBody, held: Catalog | undefined, request?: RequestContext): Promise<CompleteQuestResponse | "stale"> {
  const now = deps.clock();
  let catalog = held;
  let progress: WalletQuests | undefined;
  const kept = held?.byId.get(input.questId);
  let quest = kept && !kept.archived ? kept : undefined;
  // A quest the held catalog lacks may be newer than it: only a fresh read says "not found".
  if (!catalog || !quest || !writesFirst(quest, input.answer, now)) {
    ({ catalog, progress } = await readQuestsOf(deps, input.wallet));
    quest = listedQuest(catalog, input.questId);
  }
  if (progress) {
    const refusal = await check(deps, quest, input, progress, now);
    if (refusal) return refusal;
  }
  const rule = questEarnRule(quest);
  const { points } = rule;
  const result = await deps.store.creditAction({ wallet: input.wallet, action: { source: "quest", id: quest.id, catalogVersion: catalog.version }, ...rule, now });
  switch (result.outcome) {
    case "stale":
      return "stale";
    case "already":
      return { success: true, questId: quest.id, points: 0, alreadyCompleted: true };
    case "cooldown":
      throw questErrorsOfCompletion.onCooldown(questCooldown(quest.recurrence, result.last, now));
    case "credited":
      deps.events.emit({ type: "quest.completed", wallet: input.wallet, questId: quest.id, points, at: now }, request);
      return { success: true, questId: quest.id, points, timestamp: now };
  }
}

/** The answer before any write, in questStatus's order, then the verifier's; undefined: go on and write. */
async function check(deps: QuestDeps, quest: Quest, input: CompleteQuestBody, progress: WalletQuests, now: number): Promise<CompleteQuestResponse | undefined> {
  const lastCompletedAt = progress.lastCompleted[quest.id] ?? null;
  // A linked fid is the verifier's question, answered below with a reason.
  const status = questStatus(quest, { lastCompletedAt, fidLinked: true, now });
  if (status === "completed") return { success: true, questId: quest.id, points: 0, alreadyCompleted: true };
  if (status === "upcoming" || status === "ended") throw questErrorsOfCompletion.notActive();
  if (status === "cooldown") throw questErrorsOfCompletion.onCooldown(questCooldown(quest.recurrence, lastCompletedAt, now));
  const reason = await verify(deps, quest, input, progress.fid);
  return reason === null ? undefined : { success: false, verified: false, reason };
}

/** Why the quest is not done by this wallet, or null when it is. */
async function verify(deps: QuestDeps, quest: Quest, input: CompleteQuestBody, fid: number | null): Promise<string | null> {
  switch (verifierOf(quest.type)) {
    case "self-attested":
      return null;
    case "answer":
      if (quest.type !== "quiz") return null;
      if (input.answer === undefined) throw questErrorsOfCompletion.answerMissing();
      return input.answer === quest.params.answer ? null : QUEST_REASONS.wrongAnswer;
    case "on-chain":
      return verifyOnChain(deps, quest, input.wallet);
    case "farcaster":
      if (!deps.neynar) return QUEST_REASONS.farcasterOff;
      if (fid === null) return QUEST_REASONS.needsFarcaster;
      return verifyOnFarcaster(deps.neynar, quest, fid);
  }
}

function requirementOf(quest: Quest): OnchainRequirement | null {
  switch (quest.type) {
    case "erc20_balance":
      return { type: "erc20_balance", token: quest.params.token, min: quest.params.min };
    case "erc721_balance":
      return { type: "erc721_balance", contract: quest.params.contract, min: quest.params.min };
    case "tx_count":
      return { type: "tx_count", min: quest.params.min };
    case "contract_read":
      return { type: "contract_read", ...quest.params };
    default:
      return null;
  }
}

async function verifyOnChain(deps: QuestDeps, quest: Quest, wallet: Wallet): Promise<string | null> {
  const requirement = requirementOf(quest);
  if (!requirement) return null;
  if (!deps.questReads) return QUEST_REASONS.chainOff;
  try {
    const [answer] = await deps.questReads.check(wallet, [requirement]);
    return answer?.verified ? null : (answer?.reason ?? "Not verified");
  } catch (error) {
    if (error instanceof ChainError) {
      console.error(`[refboard] quest ${quest.id}: the chain did not answer:`, error.message);
      throw questErrorsOfCompletion.chainDown();
    }
    throw error;
  }
}

async function verifyOnFarcaster(neynar: NonNullable<QuestDeps["neynar"]>, quest: Quest, fid: number): Promise<string | null> {
  try {
    switch (quest.type) {
      case "farcaster_follow":
        return reasonOf(await neynar.follows(fid, quest.params.fid));
      case "farcaster_reaction":
        return reasonOf(await neynar.reacted(fid, quest.params.castHash, quest.params.kind));
      case "farcaster_reply":
        return reasonOf(await neynar.replied(fid, quest.params.castHash));
      case "farcaster_channel": {
        // A member of the channel counts as joined as much as a follower of it.
        const member = await neynar.channelMember(fid, quest.params.channelId);
        return member.verified ? null : reasonOf(await neynar.followsChannel(fid, quest.params.channelId));
      }
      case "farcaster_score": {
        const score = await neynar.userScore(fid);
        if (score === null) return QUEST_REASONS.noScore;
        return score >= quest.params.min ? null : `Neynar score ${score} is below ${quest.params.min}`;
      }
      default:
        return null;
    }
  } catch (error) {
    if (error instanceof NeynarError) {
      console.error(`[refboard] quest ${quest.id}: Neynar did not answer:`, error.message);
      throw questErrorsOfCompletion.neynarDown();
    }
    throw error;
  }
}

function reasonOf(verdict: { verified: boolean; reason?: string }): string | null {
  return verdict.verified ? null : (verdict.reason ?? "Not verified");
}

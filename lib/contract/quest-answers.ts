/**
 * Provisional answers of the quest endpoints the browser reads, until the API's own schemas land:
 * POST /api/quests/complete, and the admin's list, quest and import answers.
 */
import { z } from "zod";
import { questSchema } from "@/lib/contract/quest-schemas";

const whole = z.number().int().nonnegative();

export const completeQuestResponse = z.union([
  z.object({ success: z.literal(true), questId: z.string(), points: whole, alreadyCompleted: z.literal(true) }),
  z.object({ success: z.literal(true), questId: z.string(), points: whole, timestamp: whole }),
  z.object({ success: z.literal(false), verified: z.literal(false), reason: z.string() }),
]);

export const adminQuestSchema = z.intersection(questSchema, z.object({ completions: whole }));
export const adminQuestsResponse = z.object({ quests: z.array(adminQuestSchema) });
export const questResponse = z.object({ quest: questSchema });
export const importQuestsResponse = z.object({ imported: whole });

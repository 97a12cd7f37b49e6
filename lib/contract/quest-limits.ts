/** Body limits of the quest catalog's admin writes: a quest, or a whole catalog file, can outgrow MAX_BODY_BYTES. */
export const MAX_QUEST_BODY_BYTES = 64 * 1024;
export const MAX_QUEST_FILE_BYTES = 1024 * 1024;

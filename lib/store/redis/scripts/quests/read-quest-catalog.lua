-- uses: quests
-- readQuestCatalog: {version, {id, json, ...}, {id, completions, ...}, {taskId, points, ...}}.
local versionKey = KEYS[1]
local orderKey = KEYS[2]
local catalogKey = KEYS[3]
local completionsKey = KEYS[4]
local taskPointsKey = KEYS[5]

return {redis.call('GET', versionKey) or '0', questList(orderKey, catalogKey), redis.call('HGETALL', completionsKey), redis.call('HGETALL', taskPointsKey)}

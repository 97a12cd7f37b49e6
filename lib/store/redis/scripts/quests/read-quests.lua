-- uses: quests
-- readQuests: the catalog and the tasks' points unless the caller holds its version (`unlessVersion`, '' for
-- none), and the wallet's progress: {version, {id, json, ...} or false, {questId, lastAt, ..., ':points', points},
-- fid or false, {checkInLast, checkInStreak} of its wallet hash, each false when unset, {taskId, points, ...} or false}.
local versionKey = KEYS[1]
local orderKey = KEYS[2]
local catalogKey = KEYS[3]
local progressKey = KEYS[4]
local linkedFidsKey = KEYS[5]
local walletKey = KEYS[6]
local taskPointsKey = KEYS[7]
local wallet = ARGV[1]
local unlessVersion = ARGV[2]

local version = redis.call('GET', versionKey) or '0'
local quests = false
local taskPoints = false
if version ~= unlessVersion then
  quests = questList(orderKey, catalogKey)
  taskPoints = redis.call('HGETALL', taskPointsKey)
end
return {version, quests, redis.call('HGETALL', progressKey), redis.call('HGET', linkedFidsKey, wallet),
  redis.call('HMGET', walletKey, 'checkInLast', 'checkInStreak'), taskPoints}

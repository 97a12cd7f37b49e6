-- uses: quests
-- importQuests: creates or replaces each quest of the file, all or none: 'full' when the catalog would then
-- hold more than `maxQuests`. ARGV: maxQuests, then n ('' when the file sets no task points), then n
-- (taskId, points) pairs replacing the tasks' points, then the quests' (id, json) pairs. One version step
-- for the whole file. Returns {outcome, version}.
local versionKey = KEYS[1]
local orderKey = KEYS[2]
local catalogKey = KEYS[3]
local taskPointsKey = KEYS[4]
local maxQuests = tonumber(ARGV[1])
local taskPairs = tonumber(ARGV[2])
local first = 3 + 2 * (taskPairs or 0)

local added = 0
for i = first, #ARGV, 2 do
  if redis.call('HEXISTS', catalogKey, ARGV[i]) == 0 then added = added + 1 end
end
if redis.call('HLEN', catalogKey) + added > maxQuests then return {'full', redis.call('GET', versionKey) or '0'} end
for i = first, #ARGV, 2 do
  local id = ARGV[i]
  if redis.call('HEXISTS', catalogKey, id) == 0 then redis.call('ZADD', orderKey, redis.call('ZCARD', orderKey) + 1, id) end
  redis.call('HSET', catalogKey, id, ARGV[i + 1])
end
if taskPairs then putTaskPoints(taskPointsKey, 3, taskPairs) end
return {'imported', string.format('%d', redis.call('INCR', versionKey))}

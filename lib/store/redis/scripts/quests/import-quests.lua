-- importQuests: creates or replaces each quest of ARGV[2..] (id, json pairs), all or none: 'full' when the
-- catalog would then hold more than `maxQuests`. One version step for the whole file. Returns {outcome, version}.
local versionKey = KEYS[1]
local orderKey = KEYS[2]
local catalogKey = KEYS[3]
local maxQuests = tonumber(ARGV[1])

local added = 0
for i = 2, #ARGV, 2 do
  if redis.call('HEXISTS', catalogKey, ARGV[i]) == 0 then added = added + 1 end
end
if redis.call('HLEN', catalogKey) + added > maxQuests then return {'full', redis.call('GET', versionKey) or '0'} end
for i = 2, #ARGV, 2 do
  local id = ARGV[i]
  if redis.call('HEXISTS', catalogKey, id) == 0 then redis.call('ZADD', orderKey, redis.call('ZCARD', orderKey) + 1, id) end
  redis.call('HSET', catalogKey, id, ARGV[i + 1])
end
return {'imported', string.format('%d', redis.call('INCR', versionKey))}

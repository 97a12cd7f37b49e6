-- stagePayoutPlan: KEYS the plan's hash, pay:staged; ARGV plan JSON, count, createdBy, root, createdAt,
-- abandonedBefore, the plans' key prefix. First removes every plan staged before abandonedBefore and
-- never published, with its allocations and nodes (the keys payouts.ts's planKeys names). Returns
-- 'staged', or 'exists' when the id is taken (staged or published).
local planKey = KEYS[1]
local stagedKey = KEYS[2]
local plan = ARGV[1]
local count = ARGV[2]
local createdBy = ARGV[3]
local root = ARGV[4]
local createdAt = ARGV[5]
local abandonedBefore = ARGV[6]
local prefix = ARGV[7]
for _, id in ipairs(redis.call('ZRANGEBYSCORE', stagedKey, '-inf', '(' .. abandonedBefore)) do
  local key = prefix .. id
  redis.call('UNLINK', key, key .. ':rows', key .. ':w', key .. ':nodes')
  redis.call('ZREM', stagedKey, id)
end
if redis.call('EXISTS', planKey) == 1 then return 'exists' end
redis.call('HSET', planKey, 'plan', plan, 'state', 'staged', 'count', count, 'createdBy', createdBy, 'root', root, 'createdAt', createdAt)
redis.call('ZADD', stagedKey, createdAt, string.sub(planKey, #prefix + 1))
return 'staged'

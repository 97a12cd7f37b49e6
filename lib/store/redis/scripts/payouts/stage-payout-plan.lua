-- uses: payouts
-- stagePayoutPlan: KEYS the plan's hash, pay:staged; ARGV id, plan JSON, count, createdBy, root, createdAt,
-- abandonedBefore, the plan key prefix. First removes every plan staged before abandonedBefore and never
-- published, with its allocations and nodes (payoutKeys of lib/payouts.lua). Returns 'staged', or 'exists'
-- when the id is taken (staged or published).
local planKey = KEYS[1]
local stagedKey = KEYS[2]
local id = ARGV[1]
local plan = ARGV[2]
local count = ARGV[3]
local createdBy = ARGV[4]
local root = ARGV[5]
local createdAt = ARGV[6]
local abandonedBefore = ARGV[7]
local prefix = ARGV[8]
for _, abandoned in ipairs(redis.call('ZRANGEBYSCORE', stagedKey, '-inf', '(' .. abandonedBefore)) do
  local keys = payoutKeys(prefix, abandoned)
  redis.call('UNLINK', keys.plan, keys.rows, keys.wallets, keys.nodes)
  redis.call('ZREM', stagedKey, abandoned)
end
if redis.call('EXISTS', planKey) == 1 then return 'exists' end
redis.call('HSET', planKey, 'plan', plan, 'state', 'staged', 'count', count, 'createdBy', createdBy, 'root', root, 'createdAt', createdAt)
redis.call('ZADD', stagedKey, createdAt, id)
return 'staged'

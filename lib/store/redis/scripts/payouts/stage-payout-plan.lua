-- stagePayoutPlan: KEYS the plan's hash; ARGV plan JSON, count, createdBy, root, createdAt. Returns 'staged', or
-- 'exists' when the id is taken (staged or published).
local planKey = KEYS[1]
local plan = ARGV[1]
local count = ARGV[2]
local createdBy = ARGV[3]
local root = ARGV[4]
local createdAt = ARGV[5]
if redis.call('EXISTS', planKey) == 1 then return 'exists' end
redis.call('HSET', planKey, 'plan', plan, 'state', 'staged', 'count', count, 'createdBy', createdBy, 'root', root, 'createdAt', createdAt)
return 'staged'

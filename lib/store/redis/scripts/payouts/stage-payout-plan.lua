-- stagePayoutPlan: KEYS[1] the plan's hash; ARGV plan JSON, count, createdBy, root, createdAt. Returns 'staged', or
-- 'exists' when the id is taken (staged or published).
local planKey = KEYS[1]
if redis.call('EXISTS', planKey) == 1 then return 'exists' end
redis.call('HSET', planKey, 'plan', ARGV[1], 'state', 'staged', 'count', ARGV[2], 'createdBy', ARGV[3], 'root', ARGV[4], 'createdAt', ARGV[5])
return 'staged'

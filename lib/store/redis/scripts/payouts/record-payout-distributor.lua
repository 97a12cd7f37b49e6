-- uses: moderation, payouts
-- recordPayoutDistributor: KEYS plan, pay:live, audit; ARGV id, address, chainId, admin, now. Records the
-- distributor of a published plan once, with its audit entry. Returns {'recorded', auditId, header},
-- {'already', header} or {'missing'}.
local planKey = KEYS[1]
local liveKey = KEYS[2]
local auditKey = KEYS[3]
local id = ARGV[1]
local address = ARGV[2]
local chainId = ARGV[3]
local admin = ARGV[4]
local now = ARGV[5]
local state, distributor, count, root, createdAt = unpack(redis.call('HMGET', planKey, 'state', 'distributor', 'count', 'root', 'createdAt'))
if state ~= 'published' then return {'missing'} end
if distributor then return {'already', readPlanHeader(planKey)} end
redis.call('HSET', planKey, 'distributor', address, 'chain', chainId)
redis.call('ZADD', liveKey, createdAt, id)
local reason = 'plan ' .. id .. ' root ' .. root .. ' distributor ' .. address .. ' chain ' .. chainId
local auditId = appendAudit(auditKey, now, 'payout-distributor', 0, tonumber(count), '', admin, reason)
return {'recorded', auditId, readPlanHeader(planKey)}

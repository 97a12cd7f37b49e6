-- recordReferral: checks 4-7 of decisions.md in one atomic step.
-- Returns {'already-recorded', existingReferrer} | {'self-referral'} | {'code-not-found'}
--       | {'no-index'} (index missing: the caller rebuilds it and runs this again)
--       | {'recorded', referrer}.
local refereeKey = KEYS[1]
local codesKey = KEYS[2]
local lbKey = KEYS[3]
local activeKey = KEYS[4]
local referee = ARGV[1]
local refereeCode = ARGV[2]
local refCode = ARGV[3]
local selfReferral = ARGV[4] == '1'
local now = tonumber(ARGV[5])
local walletKeyPrefix = ARGV[6]
local completeField = ARGV[7]

local existing = redis.call('HGET', refereeKey, 'referrer')
if existing then return {'already-recorded', existing} end
if selfReferral then return {'self-referral'} end

local referrer = redis.call('HGET', codesKey, refCode)
if not referrer then
  if redis.call('HEXISTS', codesKey, completeField) == 1 then return {'code-not-found'} end
  return {'no-index'}
end
-- Only the referee's own code can name the referee; never reward a wallet for itself.
if referrer == referee then return {'self-referral'} end

redis.call('HSET', refereeKey, 'referrer', referrer, 'referredAt', string.format('%d', now))
redis.call('HINCRBY', walletKeyPrefix .. referrer, 'referralsCount', 1)
addPoint(lbKey, referrer, now)
addPoint(lbKey, referee, now)
redis.call('SADD', activeKey, referrer)
register(refereeKey, codesKey, referee, refereeCode, now)
return {'recorded', referrer}

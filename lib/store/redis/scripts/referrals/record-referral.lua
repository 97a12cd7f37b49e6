-- recordReferral, in one atomic step: an existing referrer wins; then self-referral refuses;
-- then an unknown code; else the binding (the order of docs/api.md "Referral recording").
-- Every call, whatever its outcome, counts the referee as connected with a code that day.
-- Returns {'already-recorded', existingReferrer} | {'self-referral'} | {'code-not-found'}
--       | {'no-index'} (index missing: the caller rebuilds it and runs this again)
--       | {'recorded', referrer}.
local refereeKey = KEYS[1]
local codesKey = KEYS[2]
local day = countingDay(KEYS[3], KEYS[4], ARGV[4], ARGV[5])
local lbKey = KEYS[5]
local activeKey = KEYS[6]
local referralsKey = KEYS[7]
local scoreKey = KEYS[8]
local connectedKey = KEYS[9]
local referrersKey = KEYS[10]
local referee = ARGV[1]
local refereeCode = ARGV[2]
local now = tonumber(ARGV[3])
local refCode = ARGV[6]
local selfReferral = ARGV[7] == '1'
local walletKeyPrefix = ARGV[8]
local completeField = ARGV[9]
local refereesKeyPrefix = ARGV[10]

redis.call('PFADD', connectedKey, referee)
counted(day, connectedKey)

local existing = redis.call('HGET', refereeKey, 'referrer')
if existing then return {'already-recorded', existing} end
if selfReferral then return {'self-referral'} end

local referrer, missing = ownerOfCode(codesKey, refCode, completeField)
if not referrer then
  if missing == 'miss' then return {'code-not-found'} end
  return {missing}
end
-- Only the referee's own code can name the referee; never reward a wallet for itself.
if referrer == referee then return {'self-referral'} end

redis.call('HSET', refereeKey, 'referrer', referrer, 'referredAt', string.format('%d', now))
redis.call('INCR', referralsKey)
redis.call('HINCRBY', walletKeyPrefix .. referrer, 'referralsCount', 1)
addPoint(lbKey, referrer, now)
addPoint(lbKey, referee, now)
redis.call('INCRBY', scoreKey, 2)
redis.call('SADD', activeKey, referrer)
redis.call('ZADD', refereesKeyPrefix .. referrer, string.format('%d', -now), referee)
register(refereeKey, codesKey, referee, refereeCode, now, day)
countFact(day, 'referrals')
redis.call('ZINCRBY', referrersKey, 1, referrer)
counted(day, referrersKey)
return {'recorded', referrer}

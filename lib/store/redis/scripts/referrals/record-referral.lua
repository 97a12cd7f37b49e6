-- recordReferral, in one atomic step: an existing referrer wins; then self-referral refuses;
-- then an unknown code; else the binding (the order of docs/api.md "Referral recording").
-- Every call, whatever its outcome, counts the referee as connected with a code that day. A binding
-- also updates the referrer's farm signals (lib/domain/signals.ts) and its place in their ranking.
-- Returns {'already-recorded', existingReferrer} | {'self-referral'} | {'code-not-found'}
--       | {'no-index'} (index missing: the caller rebuilds it and runs this again)
--       | {'recorded', referrer}.
local refereeKey = KEYS[1]
local codesKey = KEYS[2]
local day = countingDay(KEYS[3], KEYS[4], ARGV[4], ARGV[5])
local board = leaderboard(KEYS[5], KEYS[6], KEYS[7])
local activeKey = KEYS[8]
local referralsKey = KEYS[9]
local scoreKey = KEYS[10]
local connectedKey = KEYS[11]
local referrersKey = KEYS[12]
local signals = signalKeys(KEYS[13], ARGV[10], ARGV[11], ARGV[12])
local referee = ARGV[1]
local refereeCode = ARGV[2]
local now = tonumber(ARGV[3])
local refCode = ARGV[6]
local selfReferral = ARGV[7] == '1'
local completeField = ARGV[8]
local refereesKeyPrefix = ARGV[9]
local burstWindow = tonumber(ARGV[13])
local quickSeconds = tonumber(ARGV[14])
local walletKeyPrefix = signals.walletKeyPrefix

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
-- The score total counts only the points that land on the board, not on a held entry.
local points = addPoint(board, referrer, now) + addPoint(board, referee, now)
if points > 0 then redis.call('INCRBY', scoreKey, string.format('%d', points)) end
redis.call('SADD', activeKey, referrer)

local refereesKey = refereesKeyPrefix .. referrer
local signalsKey = signals.prefix .. referrer
local newest = redis.call('ZRANGE', refereesKey, 0, 0, 'WITHSCORES')
if newest[2] and now + tonumber(newest[2]) <= quickSeconds then redis.call('HINCRBY', signalsKey, 'quick', 1) end
redis.call('ZADD', refereesKey, string.format('%d', -now), referee)
-- The referees index stores -referredAt: referredAt in (now - burstWindow, now] is [-now, burstWindow - now).
local burst = redis.call('ZCOUNT', refereesKey, string.format('%d', -now), string.format('(%d', burstWindow - now))
if burst > (tonumber(redis.call('HGET', signalsKey, 'burst')) or 0) then redis.call('HSET', signalsKey, 'burst', string.format('%d', burst)) end
local above = redis.call('HGET', walletKeyPrefix .. referrer, 'referrer')
if above == referee or (above and redis.call('HGET', walletKeyPrefix .. above, 'referrer') == referee) then
  redis.call('HINCRBY', signalsKey, 'cycles', 1)
end
rankReferrer(signals, referrer)

register(refereeKey, codesKey, referee, refereeCode, now, day)
countFact(day, 'referrals')
redis.call('ZINCRBY', referrersKey, 1, referrer)
counted(day, referrersKey)
return {'recorded', referrer}

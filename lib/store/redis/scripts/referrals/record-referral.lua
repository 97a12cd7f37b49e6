-- uses: analytics, board, credit, outbox, seasons, signals, wallets
-- recordReferral, in one atomic step: an existing referrer wins; then self-referral refuses;
-- then an unknown code; else the binding (the order of docs/api.md "Referral recording").
-- Every call, whatever its outcome, counts the referee as connected with a code that day. A binding
-- also updates the referrer's farm signals (lib/domain/signals.ts) and its place in their ranking.
-- The binding is credited (creditReferral, with the points it is given) when `creditWhen` holds by what the
-- store keeps (CreditWhen of lib/domain/rulebook.ts); otherwise it waits (creditPending of lib/credit.lua).
-- A binding writes referral.recorded to the webhooks' outbox, then its credit referral.credited (lib/outbox.lua).
-- Returns {'already-recorded', existingReferrer} | {'self-referral'} | {'code-not-found'}
--       | {'no-index'} (index missing: the caller rebuilds it and runs this again)
--       | {'recorded', referrer}.
local refereeKey = KEYS[1]
local codesKey = KEYS[2]
local day = countingDay(KEYS[3], KEYS[4], ARGV[4], ARGV[5])
local signals = signalKeys(KEYS[5], ARGV[6], ARGV[7], ARGV[8])
local board = leaderboard(KEYS[6], KEYS[7], KEYS[8], KEYS[9])
local season = seasonBoard(KEYS[10], KEYS[11], KEYS[12], KEYS[13], ARGV[16])
local outbox = webhookOutbox(KEYS[19], ARGV[19], ARGV[20], ARGV[21])
local credit = referralCredit(KEYS[14], KEYS[15], KEYS[16], board, season, day, signals, ARGV[17], ARGV[18], outbox)
local referralsKey = KEYS[17]
local connectedKey = KEYS[18]
local referee = ARGV[1]
local refereeCode = ARGV[2]
local now = tonumber(ARGV[3])
local refCode = ARGV[9]
local selfReferral = ARGV[10] == '1'
local completeField = ARGV[11]
local refereesKeyPrefix = ARGV[12]
local burstWindow = tonumber(ARGV[13])
local quickSeconds = tonumber(ARGV[14])
local creditWhen = ARGV[15]
local walletKeyPrefix = signals.walletKeyPrefix

-- The field that shows the referee already did what a condition asks; 'later' is never met here.
local MET_BY = {['checked-in'] = 'checkInLast', ['nft-mint'] = 'nftMint'}

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
appendEvent(outbox, 'referral.recorded', now, function()
  return jsonObject({'referrer', jsonString(referrer), 'referee', jsonString(referee)})
end)

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

register(refereeKey, codesKey, referee, refereeCode, now, day)
local metBy = MET_BY[creditWhen]
if creditWhen == 'now' or (metBy and redis.call('HEXISTS', refereeKey, metBy) == 1) then
  creditReferral(credit, referrer, referee, now)
else
  redis.call('HSET', refereeKey, 'referralPending', '1')
  redis.call('HINCRBY', walletKeyPrefix .. referrer, 'pendingReferrals', 1)
  -- The signals above changed all the same; creditReferral re-ranks in the other branch.
  rankReferrer(signals, referrer)
end
return {'recorded', referrer}

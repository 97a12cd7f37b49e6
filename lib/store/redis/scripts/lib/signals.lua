-- Farm signals: the referrer's counts and their ranking.

-- Farm signals (keys.ts sig:<addr>, sig:rank) as the scripts that write them take them: the ranking,
-- what precedes an address in a signals key and in a wallet key, and the suspicion weights as
-- signals.ts encodes them (a JSON object: the weight of each field of the signals hash).
local function signalKeys(rankKey, signalsKeyPrefix, walletKeyPrefix, weights)
  local fields, weightOf = {}, {}
  for field, weight in pairs(cjson.decode(weights)) do
    fields[#fields + 1] = field
    weightOf[#fields] = weight
  end
  return {rank = rankKey, prefix = signalsKeyPrefix, walletKeyPrefix = walletKeyPrefix, fields = fields, weights = weightOf}
end

-- After a change to the referrer's counts: takes its referralsCount into them and re-scores it in the
-- ranking, suspicionOf of lib/domain/signals.ts with the given weights, negated (keys.ts sig:rank).
-- Recomputed rather than incremented, so the score always matches the stored counts.
local function rankReferrer(signals, referrer)
  local signalsKey = signals.prefix .. referrer
  local referrals = redis.call('HGET', signals.walletKeyPrefix .. referrer, 'referralsCount') or '0'
  redis.call('HSET', signalsKey, 'referrals', referrals)
  local counts = redis.call('HMGET', signalsKey, unpack(signals.fields))
  local suspicion = 0
  for i, weight in ipairs(signals.weights) do
    suspicion = suspicion + weight * (tonumber(counts[i]) or 0)
  end
  redis.call('ZADD', signals.rank, string.format('%d', -suspicion), referrer)
end

-- After a check-in, a first completion of a social task or the first nft_mint: the first such action
-- of a wallet that has a referrer counts it, once, as an active referee of that referrer. Before the
-- binding it has none, and what it did then never counts.
local function countActive(signals, walletKey)
  local referrer = redis.call('HGET', walletKey, 'referrer')
  if not referrer or redis.call('HSETNX', walletKey, 'activeReferee', '1') == 0 then return end
  redis.call('HINCRBY', signals.prefix .. referrer, 'active', 1)
  rankReferrer(signals, referrer)
end

-- A wallet's signals as the read scripts return them: {wallet, referrals, burst, quick, active, cycles,
-- disqualified 0|1}, nil where unset (a wallet that never referred).
local function readSignals(signalsKey, disqualifiedKey, wallet)
  local counts = redis.call('HMGET', signalsKey, 'referrals', 'burst', 'quick', 'active', 'cycles')
  return {wallet, counts[1], counts[2], counts[3], counts[4], counts[5], redis.call('SISMEMBER', disqualifiedKey, wallet)}
end

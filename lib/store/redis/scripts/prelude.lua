-- Prepended to every script: the day's counters, registration of a wallet and the leaderboard composite.
-- Numbers reach Redis through string.format('%.0f'): tostring() prints 14 significant
-- digits and would lose the low digits of a composite.

-- composite = score * LB_SPAN + (LB_LATEST - reachedAt); the zset stores -composite.
local LB_SPAN = 10000000000
local LB_LATEST = 9999999999

-- The UTC day a script counts on (lib/store/redis/analytics.ts countingDay): its facts hash, the
-- counters' start key, the day's number and when the day's keys expire.
local function countingDay(factsKey, sinceKey, day, expireAt)
  return {facts = factsKey, since = sinceKey, day = day, expireAt = expireAt}
end

-- After a write to a key of the day: it goes with the rest of the day, and counting has begun.
local function counted(day, key)
  redis.call('EXPIREAT', key, day.expireAt)
  redis.call('SET', day.since, day.day, 'NX')
end

-- +1 to one of the day's facts (the names of lib/store/facts.ts).
local function countFact(day, fact)
  redis.call('HINCRBY', day.facts, fact, 1)
  counted(day, day.facts)
end

-- Makes a wallet known: createdAt set once, counted as a new wallet of the day; its refCode claimed
-- unless an earlier wallet owns it. Returns 1 when this call made the wallet known, and the owner of its code.
local function register(walletKey, codesKey, wallet, code, now, day)
  local isNew = redis.call('HSETNX', walletKey, 'createdAt', string.format('%d', now))
  if isNew == 1 then countFact(day, 'wallets') end
  redis.call('HSETNX', codesKey, code, wallet)
  return isNew, redis.call('HGET', codesKey, code)
end

-- The wallet that owns `code`; else false and why: 'miss' when the index is complete and lacks the
-- code, 'no-index' when the index itself is missing (the caller rebuilds it, then runs the script again).
local function ownerOfCode(codesKey, code, completeField)
  local owner = redis.call('HGET', codesKey, code)
  if owner then return owner end
  if redis.call('HEXISTS', codesKey, completeField) == 1 then return false, 'miss' end
  return false, 'no-index'
end

-- The score and reachedAt held in a stored zset score (the only place that decodes it).
local function entryOf(stored)
  local composite = -tonumber(stored)
  local score = math.floor(composite / LB_SPAN)
  local rest = composite - score * LB_SPAN
  if rest < 0 then
    score, rest = score - 1, rest + LB_SPAN
  elseif rest >= LB_SPAN then
    score, rest = score + 1, rest - LB_SPAN
  end
  return score, LB_LATEST - rest
end

local function scoreOf(stored)
  local score = entryOf(stored)
  return score
end

local function storedScore(score, reachedAt)
  return string.format('%.0f', -(score * LB_SPAN + (LB_LATEST - reachedAt)))
end

-- +1 score for a wallet, reached at `now`.
local function addPoint(lbKey, wallet, now)
  local stored = redis.call('ZSCORE', lbKey, wallet)
  local score = 0
  if stored then score = scoreOf(stored) end
  redis.call('ZADD', lbKey, storedScore(score + 1, now), wallet)
end

-- What the request path reads of one wallet: {referrer, referralsCount, checkInLast, nftMint, score,
-- <completion time of each of taskIds>}, nil where unset, score 0 without an entry.
local function walletState(walletKey, lbKey, wallet, taskIds)
  local fields = redis.call('HMGET', walletKey, 'referrer', 'referralsCount', 'checkInLast', 'nftMint')
  local stored = redis.call('ZSCORE', lbKey, wallet)
  local out = {fields[1], fields[2], fields[3], fields[4], stored and scoreOf(stored) or 0}
  local times = redis.call('HMGET', walletKey, unpack(taskIds))
  for i = 1, #taskIds do out[#out + 1] = times[i] end
  return out
end

-- `limit` leaderboard rows from 0-based `offset` as one string: "wallet,score,referralsCount" per
-- row, rows joined by "," (referralsCount empty when unset). One bulk reply costs the caller far
-- less to decode than three replies per row.
local function readBoard(lbKey, walletKeyPrefix, offset, limit)
  if limit < 1 then return '' end
  local entries = redis.call('ZRANGE', lbKey, offset, offset + limit - 1, 'WITHSCORES')
  local parts = {}
  for i = 1, #entries, 2 do
    local wallet = entries[i]
    local count = redis.call('HGET', walletKeyPrefix .. wallet, 'referralsCount') or ''
    parts[#parts + 1] = wallet .. ',' .. string.format('%d', scoreOf(entries[i + 1])) .. ',' .. count
  end
  return table.concat(parts, ',')
end

-- A wallet's whole record for OperatorStore: {wallet, score|false, reachedAt|false, {field values}},
-- the values in the order of `fields`, false where unset (all false: no such wallet).
local function readRecord(lbKey, walletKeyPrefix, wallet, fields)
  local values = redis.call('HMGET', walletKeyPrefix .. wallet, unpack(fields))
  local stored = redis.call('ZSCORE', lbKey, wallet)
  if not stored then return {wallet, false, false, values} end
  local score, reachedAt = entryOf(stored)
  return {wallet, score, reachedAt, values}
end

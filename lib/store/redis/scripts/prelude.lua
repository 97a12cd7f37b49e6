-- Prepended to every script: registration of a wallet and the leaderboard composite.
-- Numbers reach Redis through string.format('%.0f'): tostring() prints 14 significant
-- digits and would lose the low digits of a composite.

-- composite = score * LB_SPAN + (LB_LATEST - reachedAt); the zset stores -composite.
local LB_SPAN = 10000000000
local LB_LATEST = 9999999999

-- Makes a wallet known: createdAt set once; its refCode claimed unless an earlier wallet owns it.
-- Returns 1 when this call made the wallet known, and the owner of its code.
local function register(walletKey, codesKey, wallet, code, now)
  local isNew = redis.call('HSETNX', walletKey, 'createdAt', string.format('%d', now))
  redis.call('HSETNX', codesKey, code, wallet)
  return isNew, redis.call('HGET', codesKey, code)
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

-- A wallet's whole record for StoreAdmin: {wallet, score|false, reachedAt|false, {field values}},
-- the values in the order of `fields`, false where unset (all false: no such wallet).
local function readRecord(lbKey, walletKeyPrefix, wallet, fields)
  local values = redis.call('HMGET', walletKeyPrefix .. wallet, unpack(fields))
  local stored = redis.call('ZSCORE', lbKey, wallet)
  if not stored then return {wallet, false, false, values} end
  local score, reachedAt = entryOf(stored)
  return {wallet, score, reachedAt, values}
end

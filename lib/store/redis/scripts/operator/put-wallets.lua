-- uses: board
-- putWallets: writes whole wallet records, overwriting, in one atomic step.
-- ARGV after the header holds the records, `width` values each: wallet, refCode, createdAt,
-- active ('1' or ''), score and reachedAt ('' and '' for no leaderboard entry), then one
-- value per name in `fields` ('' leaves the field unset).
-- Returns {'no-index'} and writes nothing when the code index is not marked complete (the
-- caller rebuilds it and runs this again: writing into an incomplete index could hand a code
-- to a later wallet); else {'ok', records written}. The referral counter moves by the records
-- that gain or lose a referrer, so it keeps counting the wallets bound to one; the score total by
-- the difference each record's entry makes on the board (a disqualified wallet's entry is written
-- to its held place and makes none); the referees index follows each record's referrer; the board
-- version moves. No daily counter moves, and no season board: an import's facts happened before.
local codesKey = KEYS[1]
local board = leaderboard(KEYS[2], KEYS[3], KEYS[4], KEYS[5])
local activeKey = KEYS[6]
local referralsKey = KEYS[7]
local scoreKey = KEYS[8]
local walletKeyPrefix = ARGV[1]
local completeField = ARGV[2]
local refereesKeyPrefix = ARGV[3]
local fieldCount = tonumber(ARGV[4])
local fields = {unpack(ARGV, 5, 4 + fieldCount)}
local first = 5 + fieldCount
local FIXED = 6
local width = FIXED + fieldCount
local referrerAt, referredAtAt
for f = 1, fieldCount do
  if fields[f] == 'referrer' then referrerAt = FIXED + f - 1 end
  if fields[f] == 'referredAt' then referredAtAt = FIXED + f - 1 end
end

if redis.call('HEXISTS', codesKey, completeField) == 0 then return {'no-index'} end

local function createdAtOf(wallet)
  return tonumber(redis.call('HGET', walletKeyPrefix .. wallet, 'createdAt')) or math.huge
end

local written = 0
local referralsDelta = 0
local scoreDelta = 0
for i = first, #ARGV - width + 1, width do
  local wallet, code, createdAt = ARGV[i], ARGV[i + 1], ARGV[i + 2]
  local walletKey = walletKeyPrefix .. wallet

  local hash = {'createdAt', createdAt}
  for f = 1, fieldCount do
    local value = ARGV[i + FIXED + f - 1]
    if value ~= '' then
      hash[#hash + 1] = fields[f]
      hash[#hash + 1] = value
    end
  end
  local oldReferrer = redis.call('HGET', walletKey, 'referrer')
  local referrer = ARGV[i + referrerAt]
  if oldReferrer then
    referralsDelta = referralsDelta - 1
    redis.call('ZREM', refereesKeyPrefix .. oldReferrer, wallet)
  end
  if referrer ~= '' then
    referralsDelta = referralsDelta + 1
    local referredAt = tonumber(ARGV[i + referredAtAt]) or 0
    redis.call('ZADD', refereesKeyPrefix .. referrer, string.format('%d', -referredAt), wallet)
  end
  -- Imports write no signals: a referee already counted active stays counted (countActive of lib/signals.lua).
  local activeReferee = redis.call('HGET', walletKey, 'activeReferee')
  if activeReferee then
    hash[#hash + 1] = 'activeReferee'
    hash[#hash + 1] = activeReferee
  end
  redis.call('DEL', walletKey)
  redis.call('HSET', walletKey, unpack(hash))

  if ARGV[i + 3] == '1' then
    redis.call('SADD', activeKey, wallet)
  else
    redis.call('SREM', activeKey, wallet)
  end

  local place = placeOf(board, wallet)
  local stored = redis.call('ZSCORE', place, wallet)
  local score = tonumber(ARGV[i + 4])
  if place == board.lb then
    if stored then scoreDelta = scoreDelta - scoreOf(stored) end
    if score then scoreDelta = scoreDelta + score end
  end
  if score then
    redis.call('ZADD', place, storedScore(score, tonumber(ARGV[i + 5])), wallet)
  else
    redis.call('ZREM', place, wallet)
  end

  -- The earlier-known wallet (smaller createdAt, then smaller address) keeps a shared code.
  -- HSETNX first: a code nobody owns yet, the usual case, costs one call.
  if redis.call('HSETNX', codesKey, code, wallet) == 0 then
    local owner = redis.call('HGET', codesKey, code)
    if owner ~= wallet then
      local mine, theirs = tonumber(createdAt), createdAtOf(owner)
      if mine < theirs or (mine == theirs and wallet < owner) then redis.call('HSET', codesKey, code, wallet) end
    end
  end
  written = written + 1
end
if referralsDelta ~= 0 then redis.call('INCRBY', referralsKey, referralsDelta) end
if scoreDelta ~= 0 then redis.call('INCRBY', scoreKey, string.format('%d', scoreDelta)) end
if written > 0 then boardChanged(board) end
return {'ok', written}

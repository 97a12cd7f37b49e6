-- uses: board
-- putWallets: writes whole wallet records, overwriting, in one atomic step.
-- ARGV after the header holds the records, `width` values each: wallet, refCode, createdAt,
-- active ('1' or ''), score and reachedAt ('' and '' for no leaderboard entry), the quest side (its
-- points, '' for none; 'questId,at;...'; the ledger as 'questId,points,at;...', oldest first), then
-- one value per name in `fields` ('' leaves the field unset).
-- Returns {'no-index'} and writes nothing when the code index is not marked complete (the
-- caller rebuilds it and runs this again: writing into an incomplete index could hand a code
-- to a later wallet); else {'ok', records written}. The referral counter moves by the records
-- that gain or lose a referrer, so it keeps counting the wallets bound to one; the score total by
-- the difference each record's entry makes on the board (a disqualified wallet's entry is written
-- to its held place and makes none); the referees index follows each record's referrer; the board
-- version moves; the wallet's quest progress and ledger are replaced, and each quest's completions move
-- by the ledger entries of it the record adds or drops (a count that reaches 0 is removed, as a quest
-- nobody completed has none). No daily counter moves, and no season board: an import's facts happened before.
local codesKey = KEYS[1]
local board = leaderboard(KEYS[2], KEYS[3], KEYS[4], KEYS[5])
local activeKey = KEYS[6]
local referralsKey = KEYS[7]
local scoreKey = KEYS[8]
local completionsKey = KEYS[9]
local walletKeyPrefix = ARGV[1]
local completeField = ARGV[2]
local refereesKeyPrefix = ARGV[3]
local progressKeyPrefix = ARGV[4]
local ledgerKeyPrefix = ARGV[5]
local fieldCount = tonumber(ARGV[6])
local fields = {unpack(ARGV, 7, 6 + fieldCount)}
local first = 7 + fieldCount
local FIXED = 9
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
local completionsDelta = {}

-- A task's entry ('task:<id>', never a quest id) counts no quest's completion.
local function countCompletion(entry, by)
  local questId = string.match(entry, '^[^,]+')
  if string.find(questId, ':', 1, true) then return end
  completionsDelta[questId] = (completionsDelta[questId] or 0) + by
end

-- Replaces the wallet's quest side; RPUSH in slices, as unpack has a limit on how many values it spreads.
local function putQuests(wallet, points, lastCompleted, ledger)
  local progressKey, ledgerKey = progressKeyPrefix .. wallet, ledgerKeyPrefix .. wallet
  for _, entry in ipairs(redis.call('LRANGE', ledgerKey, 0, -1)) do countCompletion(entry, -1) end
  redis.call('DEL', progressKey, ledgerKey)
  if points == '' then return end
  local progress = {':points', points}
  for questId, at in string.gmatch(lastCompleted, '([^,;]+),([^;]+)') do
    progress[#progress + 1] = questId
    progress[#progress + 1] = at
  end
  redis.call('HSET', progressKey, unpack(progress))
  local slice = {}
  for entry in string.gmatch(ledger, '[^;]+') do
    countCompletion(entry, 1)
    slice[#slice + 1] = entry
    if #slice == 1000 then
      redis.call('RPUSH', ledgerKey, unpack(slice))
      slice = {}
    end
  end
  if #slice > 0 then redis.call('RPUSH', ledgerKey, unpack(slice)) end
end
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
  putQuests(wallet, ARGV[i + 6], ARGV[i + 7], ARGV[i + 8])

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
for questId, delta in pairs(completionsDelta) do
  if delta ~= 0 and redis.call('HINCRBY', completionsKey, questId, delta) <= 0 then redis.call('HDEL', completionsKey, questId) end
end
if scoreDelta ~= 0 then redis.call('INCRBY', scoreKey, string.format('%d', scoreDelta)) end
if written > 0 then boardChanged(board) end
return {'ok', written}

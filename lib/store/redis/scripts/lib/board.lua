-- The leaderboard composite, the board with its held part and its version, and reading its rows.
-- Numbers reach Redis through string.format('%.0f'): tostring() prints 14 significant
-- digits and would lose the low digits of a composite.

-- composite = score * LB_SPAN + (LB_LATEST - reachedAt); the zset stores -composite.
local LB_SPAN = 10000000000
local LB_LATEST = 9999999999

-- The score and reachedAt held in a stored zset score (the only place that decodes it).
local function entryOf(stored)
  local composite = -tonumber(stored)
  local whole = math.floor(composite / LB_SPAN)
  local rest = composite - whole * LB_SPAN
  if rest < 0 then
    whole, rest = whole - 1, rest + LB_SPAN
  elseif rest >= LB_SPAN then
    whole, rest = whole + 1, rest - LB_SPAN
  end
  return whole, LB_LATEST - rest
end

local function scoreOf(stored)
  local score = entryOf(stored)
  return score
end

local function storedScore(score, reachedAt)
  return string.format('%.0f', -(score * LB_SPAN + (LB_LATEST - reachedAt)))
end

-- The leaderboard as scripts that read or write entries take it (keys.ts board): `lb`, the board;
-- `held`, the entries of disqualified wallets, same composite, in no board read and out of the score
-- total; `disqualified`, the set that says which of the two has a wallet's entry; and, in a script that
-- changes a board (keys.ts boardWrite), `version`, the board version (nil in a read-only script).
local function leaderboard(lbKey, heldKey, disqualifiedKey, versionKey)
  return {lb = lbKey, held = heldKey, disqualified = disqualifiedKey, version = versionKey}
end

-- After a write that changes what a board read returns: the board version grows.
local function boardChanged(board)
  redis.call('INCR', board.version)
end

-- The board version as the read scripts return it (keys.ts lb:version): a decimal string, '0' before any change.
local function versionOf(versionKey)
  return redis.call('GET', versionKey) or '0'
end

-- The zset that has, or gets, the wallet's entry.
local function placeOf(board, wallet)
  if redis.call('SISMEMBER', board.disqualified, wallet) == 1 then return board.held end
  return board.lb
end

-- `points` more score on the wallet's entry in one zset, reached at `now`; a missing entry starts at 0.
local function raiseEntry(zsetKey, wallet, now, points)
  local stored = redis.call('ZSCORE', zsetKey, wallet)
  local score = 0
  if stored then score = scoreOf(stored) end
  redis.call('ZADD', zsetKey, storedScore(score + points, now), wallet)
end

-- `points` (the rulebook's, from ARGV) for a wallet, reached at `now`, where its entry is, and as much
-- on its entry of the running `season` (nil: none), held there too while the wallet is disqualified.
-- 0 points touch no entry. Returns what that adds to the score total: the points on the board, 0 held.
local function addPoints(board, season, wallet, now, points)
  if points == 0 then return 0 end
  local held = placeOf(board, wallet) == board.held
  raiseEntry(held and board.held or board.lb, wallet, now, points)
  if season then raiseEntry(held and season.held or season.lb, wallet, now, points) end
  if held then return 0 end
  return points
end

-- Moves the wallet's entry, if it has one, from one zset to the other with its composite unchanged
-- (ZSCORE's text is exact); returns its score, 0 without an entry.
local function moveEntry(fromKey, toKey, wallet)
  local stored = redis.call('ZSCORE', fromKey, wallet)
  if not stored then return 0 end
  redis.call('ZREM', fromKey, wallet)
  redis.call('ZADD', toKey, stored, wallet)
  return scoreOf(stored)
end

-- A board as the scripts that read its rows take it (BoardRef): its zset, and where a row's referralsCount
-- is: the wallet's hash (its prefix) on the all-time board; the season's refs hash (refsKey, nil for the
-- all-time board) on a season's.
local function boardRead(lbKey, walletKeyPrefix, refsKey)
  return {lb = lbKey, walletKeyPrefix = walletKeyPrefix, refs = refsKey}
end

-- `limit` rows of a board (boardRead) from 0-based `offset` as one string: "wallet,score,referralsCount"
-- per row, rows joined by "," (referralsCount empty when unset). One bulk reply costs the caller far
-- less to decode than three replies per row.
local function readBoard(read, offset, limit)
  if limit < 1 then return '' end
  local entries = redis.call('ZRANGE', read.lb, offset, offset + limit - 1, 'WITHSCORES')
  local parts = {}
  for i = 1, #entries, 2 do
    local wallet = entries[i]
    local count
    if read.refs then
      count = redis.call('HGET', read.refs, wallet)
    else
      count = redis.call('HGET', read.walletKeyPrefix .. wallet, 'referralsCount')
    end
    parts[#parts + 1] = wallet .. ',' .. string.format('%d', scoreOf(entries[i + 1])) .. ',' .. (count or '')
  end
  return table.concat(parts, ',')
end

-- A wallet's whole record for OperatorStore, its entry held or not: {wallet, score|false, reachedAt|false, {field values}},
-- the values in the order of `fields`, false where unset (all false: no such wallet).
local function readRecord(board, walletKeyPrefix, wallet, fields)
  local values = redis.call('HMGET', walletKeyPrefix .. wallet, unpack(fields))
  local stored = redis.call('ZSCORE', placeOf(board, wallet), wallet)
  if not stored then return {wallet, false, false, values} end
  local score, reachedAt = entryOf(stored)
  return {wallet, score, reachedAt, values}
end

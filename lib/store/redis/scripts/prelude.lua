-- Prepended to every script: the day's counters, registration of a wallet, the leaderboard composite,
-- the board with its held part, its version and its season boards, what the moderation scripts share, and
-- forgetting a notification target.
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

-- The board of the season a scoring script runs in (keys.ts lb:s:<n>, lb:held:s:<n>, lb:refs:s:<n>), with
-- lb:seasons, the highest season scored in; nil for season 0 (seasons off, or before the first): then no
-- season key is written.
local function seasonBoard(lbKey, heldKey, refsKey, lastKey, number)
  local season = tonumber(number)
  if season == 0 then return nil end
  return {lb = lbKey, held = heldKey, refs = refsKey, last = lastKey, number = season}
end

-- The zset that has, or gets, the wallet's entry.
local function placeOf(board, wallet)
  if redis.call('SISMEMBER', board.disqualified, wallet) == 1 then return board.held end
  return board.lb
end

-- +1 score on the wallet's entry in one zset, reached at `now`; a missing entry starts at 0.
local function raiseEntry(zsetKey, wallet, now)
  local stored = redis.call('ZSCORE', zsetKey, wallet)
  local score = 0
  if stored then score = scoreOf(stored) end
  redis.call('ZADD', zsetKey, storedScore(score + 1, now), wallet)
end

-- +1 score for a wallet, reached at `now`, where its entry is, and as much on its entry of the running
-- `season` (nil: none), held there too while the wallet is disqualified. Returns what that adds to the
-- score total: 1 on the board, 0 held.
local function addPoint(board, season, wallet, now)
  local held = placeOf(board, wallet) == board.held
  raiseEntry(held and board.held or board.lb, wallet, now)
  if season then raiseEntry(held and season.held or season.lb, wallet, now) end
  if held then return 0 end
  return 1
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

-- Every season board a wallet may have entries on, as disqualify and reinstate move them: seasons 1 .. the
-- later of `current` (the season of the call's now, 0 for none) and lb:seasons, each season's board and
-- held side named by the prefixes (keys.ts lb:s:<n>, lb:held:s:<n>).
local function seasonBoards(lastKey, current, lbPrefix, heldPrefix)
  local last = math.max(tonumber(current), tonumber(redis.call('GET', lastKey)) or 0)
  return {last = last, lbPrefix = lbPrefix, heldPrefix = heldPrefix}
end

-- Moves the wallet's entry on every season board to its held side (`toHeld`) or back, composites unchanged.
local function moveSeasonEntries(seasons, wallet, toHeld)
  for season = 1, seasons.last do
    local lbKey = string.format('%s%d', seasons.lbPrefix, season)
    local heldKey = string.format('%s%d', seasons.heldPrefix, season)
    if toHeld then moveEntry(lbKey, heldKey, wallet) else moveEntry(heldKey, lbKey, wallet) end
  end
end

-- Disqualifies the wallet unless it is already (then its first record stays): its record written,
-- its entries held (on every season board too) and its score out of the score total. `via` '' when
-- the wallet was named itself. Returns true when this call disqualified it.
local function disqualifyOne(board, seasons, scoreKey, recordKey, wallet, reason, at, admin, via)
  if redis.call('SADD', board.disqualified, wallet) == 0 then return false end
  local record = {'reason', reason, 'at', at, 'admin', admin}
  if via ~= '' then
    record[#record + 1] = 'via'
    record[#record + 1] = via
  end
  redis.call('HSET', recordKey, unpack(record))
  local score = moveEntry(board.lb, board.held, wallet)
  if score ~= 0 then redis.call('DECRBY', scoreKey, string.format('%d', score)) end
  moveSeasonEntries(seasons, wallet, true)
  return true
end

-- A disqualification record as the read scripts return it: {reason, at, admin, via}, all nil without one.
local function readDisqualification(recordKey)
  return redis.call('HMGET', recordKey, 'reason', 'at', 'admin', 'via')
end

-- Appends an entry to the audit log; returns its id, its 1-based place in the list. One string
-- per entry: at,action,cascade,wallets,wallet,<bytes of admin>,<admin><reason>. The free texts go
-- last and admin is length-prefixed, so either may hold any character (get-audit-log.lua splits it).
local function appendAudit(auditKey, at, action, cascade, wallets, wallet, admin, reason)
  local entry = string.format('%s,%s,%d,%d,%s,%d,%s%s', at, action, cascade, wallets, wallet, #admin, admin, reason)
  return redis.call('RPUSH', auditKey, entry)
end

-- What the request path reads of one wallet: {referrer, referralsCount, checkInLast, nftMint, referralPending,
-- pendingReferrals, score, <completion time of each of taskIds>}, nil where unset, score 0 without an entry
-- (a held entry counts).
local function walletState(walletKey, board, wallet, taskIds)
  local out = redis.call('HMGET', walletKey, 'referrer', 'referralsCount', 'checkInLast', 'nftMint', 'referralPending', 'pendingReferrals')
  local stored = redis.call('ZSCORE', placeOf(board, wallet), wallet)
  out[#out + 1] = stored and scoreOf(stored) or 0
  local times = redis.call('HMGET', walletKey, unpack(taskIds))
  for i = 1, #taskIds do out[#out + 1] = times[i] end
  return out
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

-- Farm signals (keys.ts sig:<addr>, sig:rank) as the scripts that write them take them: the ranking,
-- what precedes an address in a signals key and in a wallet key, and CYCLE_WEIGHT of lib/domain/signals.ts.
local function signalKeys(rankKey, signalsKeyPrefix, walletKeyPrefix, cycleWeight)
  return {rank = rankKey, prefix = signalsKeyPrefix, walletKeyPrefix = walletKeyPrefix, cycleWeight = tonumber(cycleWeight)}
end

-- After a change to the referrer's counts: takes its referralsCount into them and re-scores it in the
-- ranking, suspicionOf of lib/domain/signals.ts negated (keys.ts sig:rank). Recomputed rather than
-- incremented, so the score always matches the stored counts.
local function rankReferrer(signals, referrer)
  local signalsKey = signals.prefix .. referrer
  local referrals = redis.call('HGET', signals.walletKeyPrefix .. referrer, 'referralsCount') or '0'
  redis.call('HSET', signalsKey, 'referrals', referrals)
  local counts = redis.call('HMGET', signalsKey, 'burst', 'quick', 'active', 'cycles')
  local burst, quick, active, cycles = tonumber(counts[1]) or 0, tonumber(counts[2]) or 0, tonumber(counts[3]) or 0, tonumber(counts[4]) or 0
  local suspicion = tonumber(referrals) - active + quick + burst + signals.cycleWeight * cycles
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

-- What crediting a referral writes besides the two wallets (creditReferral): the active referrers, the
-- score total, the day it counts on with that day's referrers, the board (with its version), the board
-- of the running season (seasonBoard, nil for none), and the referrer's signals.
local function referralCredit(activeKey, scoreKey, referrersKey, board, season, day, signals)
  return {active = activeKey, score = scoreKey, referrers = referrersKey, board = board, season = season,
    day = day, signals = signals}
end

-- The credit of a binding, reached at `now`: what record-referral.lua gives at once, or creditPending
-- once the referee qualifies (REFERRAL_QUALIFY), so both move the same counts.
local function creditReferral(credit, referrer, referee, now)
  redis.call('HINCRBY', credit.signals.walletKeyPrefix .. referrer, 'referralsCount', 1)
  local season = credit.season
  if season then
    redis.call('HINCRBY', season.refs, referrer, 1)
    if (tonumber(redis.call('GET', season.last)) or 0) < season.number then
      redis.call('SET', season.last, string.format('%d', season.number))
    end
  end
  -- The score total counts only the points that land on the board, not on a held entry.
  local points = addPoint(credit.board, season, referrer, now) + addPoint(credit.board, season, referee, now)
  if points > 0 then redis.call('INCRBY', credit.score, string.format('%d', points)) end
  boardChanged(credit.board)
  redis.call('SADD', credit.active, referrer)
  rankReferrer(credit.signals, referrer)
  countFact(credit.day, 'referrals')
  redis.call('ZINCRBY', credit.referrers, 1, referrer)
  counted(credit.day, credit.referrers)
end

-- Credits the wallet's referral if it waits (referralPending, set by record-referral.lua). The
-- referrer's pendingReferrals goes at 0, as a record without any shows it. Returns the referrer when
-- this call credited it (the caller tells them), else false (a nil reply, also inside a reply table).
local function creditPending(credit, walletKey, wallet, now)
  local fields = redis.call('HMGET', walletKey, 'referralPending', 'referrer')
  -- A flag without a referrer (a broken import) has nothing to credit.
  if not fields[1] or not fields[2] then return false end
  local referrer = fields[2]
  local referrerKey = credit.signals.walletKeyPrefix .. referrer
  redis.call('HDEL', walletKey, 'referralPending')
  if redis.call('HINCRBY', referrerKey, 'pendingReferrals', -1) <= 0 then redis.call('HDEL', referrerKey, 'pendingReferrals') end
  creditReferral(credit, referrer, wallet, now)
  return referrer
end

-- A wallet's signals as the read scripts return them: {wallet, referrals, burst, quick, active, cycles,
-- disqualified 0|1}, nil where unset (a wallet that never referred).
local function readSignals(signalsKey, disqualifiedKey, wallet)
  local counts = redis.call('HMGET', signalsKey, 'referrals', 'burst', 'quick', 'active', 'cycles')
  return {wallet, counts[1], counts[2], counts[3], counts[4], counts[5], redis.call('SISMEMBER', disqualifiedKey, wallet)}
end

-- Forgets the fid's target in one client app (keys.ts fc:t:<fid>); a fid left without targets is no
-- subscriber any more (fc:subs).
local function forgetTarget(targetsKey, subscribersKey, fid, appFid)
  redis.call('HDEL', targetsKey, appFid)
  if redis.call('EXISTS', targetsKey) == 0 then redis.call('ZREM', subscribersKey, fid) end
end

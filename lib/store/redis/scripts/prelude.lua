-- Prepended to every script: the day's counters, registration of a wallet, the leaderboard composite,
-- the board with its held part, and what the moderation scripts share.
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
-- total; `disqualified`, the set that says which of the two has a wallet's entry.
local function leaderboard(lbKey, heldKey, disqualifiedKey)
  return {lb = lbKey, held = heldKey, disqualified = disqualifiedKey}
end

-- The zset that has, or gets, the wallet's entry.
local function placeOf(board, wallet)
  if redis.call('SISMEMBER', board.disqualified, wallet) == 1 then return board.held end
  return board.lb
end

-- +1 score for a wallet, reached at `now`, where its entry is. Returns what that adds to the score
-- total: 1 on the board, 0 held.
local function addPoint(board, wallet, now)
  local place = placeOf(board, wallet)
  local stored = redis.call('ZSCORE', place, wallet)
  local score = 0
  if stored then score = scoreOf(stored) end
  redis.call('ZADD', place, storedScore(score + 1, now), wallet)
  if place == board.lb then return 1 end
  return 0
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

-- Disqualifies the wallet unless it is already (then its first record stays): its record written,
-- its entry held and its score out of the score total. `via` '' when the wallet was named itself.
-- Returns true when this call disqualified it.
local function disqualifyOne(board, scoreKey, recordKey, wallet, reason, at, admin, via)
  if redis.call('SADD', board.disqualified, wallet) == 0 then return false end
  local record = {'reason', reason, 'at', at, 'admin', admin}
  if via ~= '' then
    record[#record + 1] = 'via'
    record[#record + 1] = via
  end
  redis.call('HSET', recordKey, unpack(record))
  local score = moveEntry(board.lb, board.held, wallet)
  if score ~= 0 then redis.call('DECRBY', scoreKey, string.format('%d', score)) end
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

-- What crediting a referral writes besides the two wallets (creditReferral): the board, the score
-- total, the active referrers, the day it counts on with that day's referrers, and the referrer's signals.
local function referralCredit(lbKey, heldKey, disqualifiedKey, activeKey, scoreKey, referrersKey, day, signals)
  return {board = leaderboard(lbKey, heldKey, disqualifiedKey), active = activeKey, score = scoreKey,
    referrers = referrersKey, day = day, signals = signals}
end

-- The credit of a binding, reached at `now`: what record-referral.lua gives at once, or creditPending
-- once the referee qualifies (REFERRAL_QUALIFY), so both move the same counts.
local function creditReferral(credit, referrer, referee, now)
  redis.call('HINCRBY', credit.signals.walletKeyPrefix .. referrer, 'referralsCount', 1)
  -- The score total counts only the points that land on the board, not on a held entry.
  local points = addPoint(credit.board, referrer, now) + addPoint(credit.board, referee, now)
  if points > 0 then redis.call('INCRBY', credit.score, string.format('%d', points)) end
  redis.call('SADD', credit.active, referrer)
  rankReferrer(credit.signals, referrer)
  countFact(credit.day, 'referrals')
  redis.call('ZINCRBY', credit.referrers, 1, referrer)
  counted(credit.day, credit.referrers)
end

-- Credits the wallet's referral if it waits (referralPending, set by record-referral.lua). The
-- referrer's pendingReferrals goes at 0, as a record without any shows it. Returns true when this
-- call credited it.
local function creditPending(credit, walletKey, wallet, now)
  local fields = redis.call('HMGET', walletKey, 'referralPending', 'referrer')
  -- A flag without a referrer (a broken import) has nothing to credit.
  if not fields[1] or not fields[2] then return false end
  local referrer = fields[2]
  local referrerKey = credit.signals.walletKeyPrefix .. referrer
  redis.call('HDEL', walletKey, 'referralPending')
  if redis.call('HINCRBY', referrerKey, 'pendingReferrals', -1) <= 0 then redis.call('HDEL', referrerKey, 'pendingReferrals') end
  creditReferral(credit, referrer, wallet, now)
  return true
end

-- A wallet's signals as the read scripts return them: {wallet, referrals, burst, quick, active, cycles,
-- disqualified 0|1}, nil where unset (a wallet that never referred).
local function readSignals(signalsKey, disqualifiedKey, wallet)
  local counts = redis.call('HMGET', signalsKey, 'referrals', 'burst', 'quick', 'active', 'cycles')
  return {wallet, counts[1], counts[2], counts[3], counts[4], counts[5], redis.call('SISMEMBER', disqualifiedKey, wallet)}
end

-- uses: board, seasons
-- What the moderation scripts share: disqualifying one wallet, its record, the audit log.

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

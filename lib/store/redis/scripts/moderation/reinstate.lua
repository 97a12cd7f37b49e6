-- uses: board, moderation, outbox, seasons
-- reinstate: puts the wallet back, and with it every wallet its cascade set names; each held entry
-- returns as it now is (same composite, so the same place among equal scores) and the score total
-- gains it; its held entries on every season board return too (`seasons`, seasonBoards of lib/seasons.lua).
-- A wallet reinstated by itself leaves the cascade set of its via. Appends one audit entry, also when
-- the wallet was not disqualified (then nothing changes, the board version neither); one that reinstated
-- writes wallet.reinstated to the webhooks' outbox.
-- Returns {auditId, wallet...}: the wallets it reinstated, the named one first.
local board = leaderboard(KEYS[1], KEYS[2], KEYS[3], KEYS[4])
local scoreKey = KEYS[5]
local auditKey = KEYS[6]
local seasons = seasonBoards(KEYS[7], ARGV[6], ARGV[7], ARGV[8])
local recordKey = KEYS[8]
local cascadeKey = KEYS[9]
local outbox = webhookOutbox(KEYS[10], ARGV[9], ARGV[10], ARGV[11])
local wallet = ARGV[1]
local admin = ARGV[2]
local now = ARGV[3]
local recordKeyPrefix = ARGV[4]
local cascadeKeyPrefix = ARGV[5]

local out = {0}
local function reinstateOne(target, targetRecordKey)
  redis.call('SREM', board.disqualified, target)
  redis.call('DEL', targetRecordKey)
  local score = moveEntry(board.held, board.lb, target)
  if score ~= 0 then redis.call('INCRBY', scoreKey, string.format('%d', score)) end
  moveSeasonEntries(seasons, target, false)
  out[#out + 1] = target
end

if redis.call('SISMEMBER', board.disqualified, wallet) == 1 then
  local via = redis.call('HGET', recordKey, 'via')
  if via then redis.call('SREM', cascadeKeyPrefix .. via, wallet) end
  reinstateOne(wallet, recordKey)
  for _, referee in ipairs(redis.call('SMEMBERS', cascadeKey)) do
    reinstateOne(referee, recordKeyPrefix .. referee)
  end
  redis.call('DEL', cascadeKey)
  boardChanged(board)
  appendEvent(outbox, 'wallet.reinstated', now, function()
    return jsonObject({'wallets', jsonStrings(out, 2), 'admin', jsonString(admin)})
  end)
end
out[1] = appendAudit(auditKey, now, 'reinstate', 0, #out - 1, wallet, admin, '')
return out

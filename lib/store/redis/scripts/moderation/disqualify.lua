-- uses: board, moderation, outbox, seasons
-- disqualify: takes the wallet out (disqualifyOne of lib/moderation.lua) and, with `cascade`, every referee
-- of it not disqualified yet, their via the wallet and each remembered in its cascade set for
-- reinstate.lua. Appends one audit entry, also when nothing changed; moves the board version when it
-- disqualified anyone, and then writes wallet.disqualified to the webhooks' outbox. `seasons`: the season
-- boards its wallets leave too (seasonBoards of lib/seasons.lua).
-- Returns {'too-many-referees', referees} having written nothing when the cascade would take more
-- than `maxCascade`; else {'disqualified', auditId, wallet...}: the wallets it disqualified, the
-- named one first.
local board = leaderboard(KEYS[1], KEYS[2], KEYS[3], KEYS[4])
local scoreKey = KEYS[5]
local auditKey = KEYS[6]
local seasons = seasonBoards(KEYS[7], ARGV[8], ARGV[9], ARGV[10])
local recordKey = KEYS[8]
local refereesKey = KEYS[9]
local cascadeKey = KEYS[10]
local outbox = webhookOutbox(KEYS[11], ARGV[11], ARGV[12], ARGV[13])
local wallet = ARGV[1]
local reason = ARGV[2]
local admin = ARGV[3]
local now = ARGV[4]
local cascade = ARGV[5] == '1'
local maxCascade = tonumber(ARGV[6])
local recordKeyPrefix = ARGV[7]

local referees = {}
if cascade then
  local count = redis.call('ZCARD', refereesKey)
  if count > maxCascade then return {'too-many-referees', count} end
  referees = redis.call('ZRANGE', refereesKey, 0, -1)
end

local out = {'disqualified', 0}
if disqualifyOne(board, seasons, scoreKey, recordKey, wallet, reason, now, admin, '') then out[#out + 1] = wallet end
for _, referee in ipairs(referees) do
  if disqualifyOne(board, seasons, scoreKey, recordKeyPrefix .. referee, referee, reason, now, admin, wallet) then
    redis.call('SADD', cascadeKey, referee)
    out[#out + 1] = referee
  end
end
if #out > 2 then
  boardChanged(board)
  appendEvent(outbox, 'wallet.disqualified', now, function()
    return jsonObject({'wallets', jsonStrings(out, 3), 'admin', jsonString(admin), 'reason', jsonString(reason)})
  end)
end
out[2] = appendAudit(auditKey, now, 'disqualify', cascade and 1 or 0, #out - 2, wallet, admin, reason)
return out

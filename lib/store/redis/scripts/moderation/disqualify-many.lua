-- uses: board, moderation, outbox, seasons
-- disqualifyMany: a ban list. ARGV after the header are wallet, reason pairs; each wallet not
-- disqualified yet is taken out (disqualifyOne of lib/moderation.lua) with its own reason. One audit entry
-- for the whole list; the board version moves when it disqualified anyone, and wallet.disqualified (no
-- reason: each row has its own) goes to the webhooks' outbox. `seasons`: the season boards
-- its wallets leave too (seasonBoards of lib/seasons.lua). Returns {auditId, wallet...}: the wallets it disqualified.
local board = leaderboard(KEYS[1], KEYS[2], KEYS[3], KEYS[4])
local scoreKey = KEYS[5]
local auditKey = KEYS[6]
local seasons = seasonBoards(KEYS[7], ARGV[4], ARGV[5], ARGV[6])
local outbox = webhookOutbox(KEYS[8], ARGV[7], ARGV[8], ARGV[9])
local admin = ARGV[1]
local now = ARGV[2]
local recordKeyPrefix = ARGV[3]

local out = {0}
for i = 10, #ARGV - 1, 2 do
  local wallet = ARGV[i]
  if disqualifyOne(board, seasons, scoreKey, recordKeyPrefix .. wallet, wallet, ARGV[i + 1], now, admin, '') then
    out[#out + 1] = wallet
  end
end
if #out > 1 then
  boardChanged(board)
  appendEvent(outbox, 'wallet.disqualified', now, function()
    return jsonObject({'wallets', jsonStrings(out, 2), 'admin', jsonString(admin), 'reason', 'null'})
  end)
end
out[1] = appendAudit(auditKey, now, 'import-ban-list', 0, #out - 1, '', admin, '')
return out

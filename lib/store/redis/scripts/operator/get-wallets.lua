-- uses: board
-- getWallets: read-only. ARGV after the field names are wallets.
-- Returns one record per wallet, in order: readRecord of lib/board.lua, then the wallet's quest progress
-- (HGETALL q:w:<addr>) and ledger (q:ledger:<addr>, oldest first).
local board = leaderboard(KEYS[1], KEYS[2], KEYS[3])
local walletKeyPrefix = ARGV[1]
local progressKeyPrefix = ARGV[2]
local ledgerKeyPrefix = ARGV[3]
local fieldCount = tonumber(ARGV[4])
local fields = {unpack(ARGV, 5, 4 + fieldCount)}

local records = {}
for i = 5 + fieldCount, #ARGV do
  local wallet = ARGV[i]
  local record = readRecord(board, walletKeyPrefix, wallet, fields)
  record[5] = redis.call('HGETALL', progressKeyPrefix .. wallet)
  record[6] = redis.call('LRANGE', ledgerKeyPrefix .. wallet, 0, -1)
  records[#records + 1] = record
end
return records

-- uses: board
-- getWallets: read-only. ARGV after the field names are wallets.
-- Returns one record per wallet, in order, as readRecord of lib/board.lua shapes it.
local board = leaderboard(KEYS[1], KEYS[2], KEYS[3])
local walletKeyPrefix = ARGV[1]
local fieldCount = tonumber(ARGV[2])
local fields = {unpack(ARGV, 3, 2 + fieldCount)}

local records = {}
for i = 3 + fieldCount, #ARGV do
  records[#records + 1] = readRecord(board, walletKeyPrefix, ARGV[i], fields)
end
return records

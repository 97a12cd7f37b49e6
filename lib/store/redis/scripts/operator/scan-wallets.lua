-- uses: board
-- scanWallets: read-only. One SCAN step over the wallet keys, and the record of each key
-- found, read in the same atomic step. Returns {nextCursor, {record, ...}}.
local board = leaderboard(KEYS[1], KEYS[2], KEYS[3])
local cursor = ARGV[1]
local pattern = ARGV[2]
local count = ARGV[3]
local walletKeyPrefix = ARGV[4]
local fields = {unpack(ARGV, 5)}

local page = redis.call('SCAN', cursor, 'MATCH', pattern, 'COUNT', count)
local records = {}
for _, key in ipairs(page[2]) do
  records[#records + 1] = readRecord(board, walletKeyPrefix, string.sub(key, #walletKeyPrefix + 1), fields)
end
return {page[1], records}

-- uses: board
-- scanWallets: read-only. One SCAN step over the wallet keys, and the record of each key
-- found, read in the same atomic step, as get-wallets.lua reads it. Returns {nextCursor, {record, ...}}.
local board = leaderboard(KEYS[1], KEYS[2], KEYS[3])
local cursor = ARGV[1]
local pattern = ARGV[2]
local count = ARGV[3]
local walletKeyPrefix = ARGV[4]
local progressKeyPrefix = ARGV[5]
local ledgerKeyPrefix = ARGV[6]
local fields = {unpack(ARGV, 7)}

local page = redis.call('SCAN', cursor, 'MATCH', pattern, 'COUNT', count)
local records = {}
for _, key in ipairs(page[2]) do
  local wallet = string.sub(key, #walletKeyPrefix + 1)
  local record = readRecord(board, walletKeyPrefix, wallet, fields)
  record[5] = redis.call('HGETALL', progressKeyPrefix .. wallet)
  record[6] = redis.call('LRANGE', ledgerKeyPrefix .. wallet, 0, -1)
  records[#records + 1] = record
end
return {page[1], records}

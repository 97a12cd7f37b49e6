-- getWallets: read-only. ARGV after the field names are wallets.
-- Returns one record per wallet, in order, as readRecord of the prelude shapes it.
local lbKey = KEYS[1]
local walletKeyPrefix = ARGV[1]
local fieldCount = tonumber(ARGV[2])
local fields = {unpack(ARGV, 3, 2 + fieldCount)}

local records = {}
for i = 3 + fieldCount, #ARGV do
  records[#records + 1] = readRecord(lbKey, walletKeyPrefix, ARGV[i], fields)
end
return records

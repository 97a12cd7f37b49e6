-- markNftMint: nft_mint true for good; counted the first time, for the day and, through countActive
-- of prelude.lua, for the wallet's referrer.
local walletKey = KEYS[1]
local codesKey = KEYS[2]
local day = countingDay(KEYS[3], KEYS[4], ARGV[4], ARGV[5])
local signals = signalKeys(KEYS[5], ARGV[6], ARGV[7], ARGV[8])
local wallet = ARGV[1]
local code = ARGV[2]
local now = tonumber(ARGV[3])

register(walletKey, codesKey, wallet, code, now, day)
if redis.call('HSETNX', walletKey, 'nftMint', '1') == 1 then
  countFact(day, 'nft_mint')
  countActive(signals, walletKey)
end
return 1

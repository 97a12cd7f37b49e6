-- markNftMint: nft_mint true for good.
local walletKey = KEYS[1]
local codesKey = KEYS[2]
local wallet = ARGV[1]
local code = ARGV[2]
local now = tonumber(ARGV[3])

register(walletKey, codesKey, wallet, code, now)
redis.call('HSET', walletKey, 'nftMint', '1')
return 1

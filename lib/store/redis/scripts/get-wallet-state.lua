-- getWalletState: read-only. ARGV[2..] are the social task ids (the fields holding their times).
-- Returns {referrer, referralsCount, checkInLast, nftMint, score, <one time per task>}, nil where unset.
local walletKey = KEYS[1]
local lbKey = KEYS[2]
local wallet = ARGV[1]

local fields = redis.call('HMGET', walletKey, 'referrer', 'referralsCount', 'checkInLast', 'nftMint')
local stored = redis.call('ZSCORE', lbKey, wallet)
local out = {fields[1], fields[2], fields[3], fields[4], stored and scoreOf(stored) or 0}
local times = redis.call('HMGET', walletKey, unpack(ARGV, 2))
for i = 1, #ARGV - 1 do out[#out + 1] = times[i] end
return out

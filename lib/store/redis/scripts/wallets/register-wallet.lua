-- uses: analytics, wallets
-- registerWallet: makes the wallet known. Returns {isNew, codeOwner, referralPending ('1' or nil)}.
local walletKey = KEYS[1]
local codesKey = KEYS[2]
local day = countingDay(KEYS[3], KEYS[4], ARGV[4], ARGV[5])
local wallet = ARGV[1]
local code = ARGV[2]
local now = tonumber(ARGV[3])

local isNew, owner = register(walletKey, codesKey, wallet, code, now, day)
return {isNew, owner, redis.call('HGET', walletKey, 'referralPending')}

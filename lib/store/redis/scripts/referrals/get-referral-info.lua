-- uses: analytics, wallets
-- getReferralInfo: registers the wallet, then reads its referrer and counts.
-- Returns {isNew, codeOwner, referralPending|nil, referrer|nil, referralsCount|nil, pendingReferrals|nil}:
-- register-wallet.lua's reply, then the card's fields.
local walletKey = KEYS[1]
local codesKey = KEYS[2]
local day = countingDay(KEYS[3], KEYS[4], ARGV[4], ARGV[5])
local wallet = ARGV[1]
local code = ARGV[2]
local now = tonumber(ARGV[3])

local isNew, owner = register(walletKey, codesKey, wallet, code, now, day)
local fields = redis.call('HMGET', walletKey, 'referralPending', 'referrer', 'referralsCount', 'pendingReferrals')
return {isNew, owner, fields[1], fields[2], fields[3], fields[4]}

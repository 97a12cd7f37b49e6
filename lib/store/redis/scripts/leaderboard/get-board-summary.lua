-- getBoardSummary: read-only, one atomic step. Returns {entries, referrals|nil, rows}: the number
-- of leaderboard entries, the referral counter (nil before the first referral) and the top `limit`
-- rows as readBoard writes them.
local lbKey = KEYS[1]
local referralsKey = KEYS[2]
local limit = tonumber(ARGV[1])
local walletKeyPrefix = ARGV[2]

return {redis.call('ZCARD', lbKey), redis.call('GET', referralsKey), readBoard(lbKey, walletKeyPrefix, 0, limit)}

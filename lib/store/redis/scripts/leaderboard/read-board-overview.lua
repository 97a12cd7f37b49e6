-- uses: board
-- readBoardOverview: read-only, one atomic step. Returns {entries, referrals|nil, rows}: the number
-- of leaderboard entries, the referral counter (nil before the first referral) and the top `limit`
-- rows as readBoard writes them.
local read = boardRead(KEYS[1], ARGV[2])
local referralsKey = KEYS[2]
local limit = tonumber(ARGV[1])

return {redis.call('ZCARD', read.lb), redis.call('GET', referralsKey), readBoard(read, 0, limit)}

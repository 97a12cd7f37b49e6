-- countLeaderboard: read-only. Returns the number of leaderboard entries.
local lbKey = KEYS[1]

return redis.call('ZCARD', lbKey)

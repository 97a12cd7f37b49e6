-- countLeaderboard: read-only. Returns the number of entries of a board (lb, or a season's lb:s:<n>).
local lbKey = KEYS[1]

return redis.call('ZCARD', lbKey)

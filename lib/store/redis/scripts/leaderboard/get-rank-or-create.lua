-- getRankOrCreate: registers the wallet, creates a missing entry with score 0 reached at `now`.
-- Returns {zeroBasedRank, score, referralsCount|nil}.
local walletKey = KEYS[1]
local codesKey = KEYS[2]
local day = countingDay(KEYS[3], KEYS[4], ARGV[4], ARGV[5])
local lbKey = KEYS[5]
local wallet = ARGV[1]
local code = ARGV[2]
local now = tonumber(ARGV[3])

register(walletKey, codesKey, wallet, code, now, day)
redis.call('ZADD', lbKey, 'NX', storedScore(0, now), wallet)
local rank = redis.call('ZRANK', lbKey, wallet)
local score = scoreOf(redis.call('ZSCORE', lbKey, wallet))
return {rank, score, redis.call('HGET', walletKey, 'referralsCount')}

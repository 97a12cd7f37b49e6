-- uses: analytics, board, wallets
-- getRankOrCreate: registers the wallet, creates a missing entry with score 0 reached at `now` (a new
-- entry moves the board version); a disqualified wallet gets no entry and rank 0, with the score of its
-- held entry, if any. Returns {rank (1-based; 0 disqualified), score, referralsCount|nil, version after the step}.
local walletKey = KEYS[1]
local codesKey = KEYS[2]
local day = countingDay(KEYS[3], KEYS[4], ARGV[4], ARGV[5])
local board = leaderboard(KEYS[5], KEYS[6], KEYS[7], KEYS[8])
local wallet = ARGV[1]
local code = ARGV[2]
local now = tonumber(ARGV[3])

register(walletKey, codesKey, wallet, code, now, day)
local count = redis.call('HGET', walletKey, 'referralsCount')
if placeOf(board, wallet) == board.held then
  local stored = redis.call('ZSCORE', board.held, wallet)
  return {0, stored and scoreOf(stored) or 0, count, versionOf(board.version)}
end
if redis.call('ZADD', board.lb, 'NX', storedScore(0, now), wallet) == 1 then boardChanged(board) end
local rank = redis.call('ZRANK', board.lb, wallet)
return {rank + 1, scoreOf(redis.call('ZSCORE', board.lb, wallet)), count, versionOf(board.version)}

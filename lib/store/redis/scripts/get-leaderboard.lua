-- getLeaderboard: the top `limit` entries, read in one atomic step.
-- Returns a flat list {wallet, score, referralsCount|nil, ...}.
local lbKey = KEYS[1]
local limit = tonumber(ARGV[1])
local walletKeyPrefix = ARGV[2]

if limit < 1 then return {} end
local entries = redis.call('ZRANGE', lbKey, 0, limit - 1, 'WITHSCORES')
local out = {}
for i = 1, #entries, 2 do
  local wallet = entries[i]
  out[#out + 1] = wallet
  out[#out + 1] = scoreOf(entries[i + 1])
  out[#out + 1] = redis.call('HGET', walletKeyPrefix .. wallet, 'referralsCount')
end
return out

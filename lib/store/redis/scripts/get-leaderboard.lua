-- getLeaderboard / getLeaderboardPage: `limit` entries from 0-based `offset`, read in one atomic step.
-- Returns a flat list {wallet, score, referralsCount|nil, ...}.
local lbKey = KEYS[1]
local offset = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local walletKeyPrefix = ARGV[3]

if limit < 1 then return {} end
local entries = redis.call('ZRANGE', lbKey, offset, offset + limit - 1, 'WITHSCORES')
local out = {}
for i = 1, #entries, 2 do
  local wallet = entries[i]
  out[#out + 1] = wallet
  out[#out + 1] = scoreOf(entries[i + 1])
  out[#out + 1] = redis.call('HGET', walletKeyPrefix .. wallet, 'referralsCount')
end
return out

-- getCampaign: every counter of a run of days, distinct counts over ranges of them, the total
-- score and the counters' start. KEYS: score, since, then per day (oldest first) its facts hash,
-- visits hash, all-codes visitor HyperLogLog and connected HyperLogLog. ARGV: the all-codes
-- field, the number of facts, the fact names, then per range its first and last day as 0-based
-- positions in the run. Work grows with the days and ranges, never with the wallets.
-- Returns {totalScore, since|'', per day: visits, uniqueVisitors, connected, one count per fact,
-- per range: uniqueVisitors, connected}.
local scoreKey = KEYS[1]
local sinceKey = KEYS[2]
local allCodes = ARGV[1]
local factCount = tonumber(ARGV[2])
local facts = {unpack(ARGV, 3, 2 + factCount)}
local firstRange = 3 + factCount
local dayCount = (#KEYS - 2) / 4

-- The `which`-th key (1 facts, 2 visits, 3 visitors, 4 connected) of the day at 0-based `position`.
local function dayKey(position, which)
  return KEYS[2 + 4 * position + which]
end

local out = {redis.call('GET', scoreKey) or 0, redis.call('GET', sinceKey) or ''}
for position = 0, dayCount - 1 do
  out[#out + 1] = redis.call('HGET', dayKey(position, 2), allCodes) or 0
  out[#out + 1] = redis.call('PFCOUNT', dayKey(position, 3))
  out[#out + 1] = redis.call('PFCOUNT', dayKey(position, 4))
  local counts = redis.call('HMGET', dayKey(position, 1), unpack(facts))
  for f = 1, factCount do out[#out + 1] = counts[f] or 0 end
end
for r = firstRange, #ARGV, 2 do
  local visitors, connected = {}, {}
  for position = tonumber(ARGV[r]), tonumber(ARGV[r + 1]) do
    visitors[#visitors + 1] = dayKey(position, 3)
    connected[#connected + 1] = dayKey(position, 4)
  end
  out[#out + 1] = redis.call('PFCOUNT', unpack(visitors))
  out[#out + 1] = redis.call('PFCOUNT', unpack(connected))
end
return out

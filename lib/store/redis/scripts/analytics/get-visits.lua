-- getVisits: for each day, in order, the pair of keys {visits hash, visitors HyperLogLog} of
-- that day. Returns {visits, uniqueVisitors, ...} per day: the hash's `field` ('*' for all
-- codes) and the estimate of the HyperLogLog, 0 where a key is missing.
local dayKeys = KEYS
local field = ARGV[1]

local out = {}
for i = 1, #dayKeys, 2 do
  out[#out + 1] = redis.call('HGET', dayKeys[i], field) or 0
  out[#out + 1] = redis.call('PFCOUNT', dayKeys[i + 1])
end
return out

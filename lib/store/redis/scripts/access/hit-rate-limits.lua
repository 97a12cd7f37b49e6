-- hitRateLimits: counts one request in each fixed-window counter; KEYS[i] names the counter
-- of the current window, ARGV[i] is that window's length in ms. Returns the counts, in order.
-- All counters of a request in one call: one round trip, atomic, on the TCP and REST backends alike.
local counts = {}
for i, counterKey in ipairs(KEYS) do
  local windowMs = ARGV[i]
  local count = redis.call('INCR', counterKey)
  if count == 1 then redis.call('PEXPIRE', counterKey, windowMs) end
  counts[i] = count
end
return counts

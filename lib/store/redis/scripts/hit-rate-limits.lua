-- hitRateLimits: counts one request in each fixed-window counter; KEYS[i] names the counter
-- of the current window, ARGV[i] is that window's length in ms. Returns the counts, in order.
-- The same arithmetic as @upstash/ratelimit's fixedWindow (INCR, PEXPIRE on the first hit),
-- on the same key layout, so the TCP and REST backends count alike.
local counts = {}
for i, counterKey in ipairs(KEYS) do
  local windowMs = ARGV[i]
  local count = redis.call('INCR', counterKey)
  if count == 1 then redis.call('PEXPIRE', counterKey, windowMs) end
  counts[i] = count
end
return counts

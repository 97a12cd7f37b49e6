-- getNotificationStats: read-only. KEYS after the header are the days' counts hashes, oldest first.
-- Returns {subscribers, linked, then sent, failed, invalid of each day (nil where unset)}.
local subscribersKey = KEYS[1]
local walletsKey = KEYS[2]

local out = {redis.call('ZCARD', subscribersKey), redis.call('HLEN', walletsKey)}
for i = 3, #KEYS do
  local counts = redis.call('HMGET', KEYS[i], 'sent', 'failed', 'invalid')
  for j = 1, 3 do out[#out + 1] = counts[j] end
end
return out

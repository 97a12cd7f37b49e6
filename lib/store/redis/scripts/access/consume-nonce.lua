-- consumeNonce: deletes the nonce; 1 when it existed and had not expired at `now`, else 0.
-- GET and DEL in one script, so of two concurrent consumers exactly one sees the value.
local nonceKey = KEYS[1]
local now = tonumber(ARGV[1])

local expiresAt = redis.call('GET', nonceKey)
if not expiresAt then return 0 end
redis.call('DEL', nonceKey)
if now < tonumber(expiresAt) then return 1 end
return 0

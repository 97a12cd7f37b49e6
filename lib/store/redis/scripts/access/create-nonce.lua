-- createNonce: keeps a sign-in nonce, valued with its expiry in service time (consumeNonce
-- compares against that); the key's own TTL only collects it afterwards.
-- Returns 1, or 0 when the nonce exists already.
local nonceKey = KEYS[1]
local expiresAt = ARGV[1]
local keepSeconds = ARGV[2]

if redis.call('SET', nonceKey, expiresAt, 'EX', keepSeconds, 'NX') then return 1 end
return 0

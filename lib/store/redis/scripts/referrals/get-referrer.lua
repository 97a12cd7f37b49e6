-- getReferrer: read-only. Returns the referrer or nil.
local walletKey = KEYS[1]

return redis.call('HGET', walletKey, 'referrer')

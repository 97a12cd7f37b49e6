-- getCodeOwners: read-only, never rebuilds. ARGV are refCodes. Returns each code's owner or nil.
local codesKey = KEYS[1]

return redis.call('HMGET', codesKey, unpack(ARGV))

-- completeSocialTask: the first completion stores its time. Returns the ORIGINAL completion time.
local walletKey = KEYS[1]
local codesKey = KEYS[2]
local wallet = ARGV[1]
local code = ARGV[2]
local now = tonumber(ARGV[3])
local taskField = ARGV[4]

register(walletKey, codesKey, wallet, code, now)
redis.call('HSETNX', walletKey, taskField, string.format('%d', now))
return redis.call('HGET', walletKey, taskField)

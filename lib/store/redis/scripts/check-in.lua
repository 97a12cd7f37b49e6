-- checkIn: stores `now` unless a check-in happened less than `cooldown` seconds ago.
-- Returns {1} on success, {0, previousCheckIn} on cooldown.
local walletKey = KEYS[1]
local codesKey = KEYS[2]
local wallet = ARGV[1]
local code = ARGV[2]
local now = tonumber(ARGV[3])
local cooldown = tonumber(ARGV[4])

register(walletKey, codesKey, wallet, code, now)
local last = redis.call('HGET', walletKey, 'checkInLast')
if last and now - tonumber(last) < cooldown then return {0, last} end
redis.call('HSET', walletKey, 'checkInLast', string.format('%d', now))
return {1}

-- checkIn: stores `now` unless a check-in happened less than `cooldown` seconds ago.
-- A check-in may count the wallet as an active referee of its referrer (countActive of prelude.lua).
-- Returns {1} on success, {0, previousCheckIn} on cooldown.
local walletKey = KEYS[1]
local codesKey = KEYS[2]
local day = countingDay(KEYS[3], KEYS[4], ARGV[4], ARGV[5])
local signals = signalKeys(KEYS[5], ARGV[7], ARGV[8], ARGV[9])
local wallet = ARGV[1]
local code = ARGV[2]
local now = tonumber(ARGV[3])
local cooldown = tonumber(ARGV[6])

register(walletKey, codesKey, wallet, code, now, day)
local last = redis.call('HGET', walletKey, 'checkInLast')
if last and now - tonumber(last) < cooldown then return {0, last} end
redis.call('HSET', walletKey, 'checkInLast', string.format('%d', now))
countFact(day, 'checkins')
countActive(signals, walletKey)
return {1}

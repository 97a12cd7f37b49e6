-- uses: signals
-- getSuspiciousReferrers: read-only. `limit` referrers of the ranking from 0-based `offset`, most
-- suspicious first. Returns {total, signals...}, each as readSignals of lib/signals.lua reads them.
local rankKey = KEYS[1]
local disqualifiedKey = KEYS[2]
local offset = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local signalsKeyPrefix = ARGV[3]

local out = {redis.call('ZCARD', rankKey)}
-- ZRANGE with a stop below its start reads to the end: a limit below 1 must read nothing.
if limit < 1 then return out end
for _, wallet in ipairs(redis.call('ZRANGE', rankKey, offset, offset + limit - 1)) do
  out[#out + 1] = readSignals(signalsKeyPrefix .. wallet, disqualifiedKey, wallet)
end
return out

-- getQuestLedger: {points or false, entries in all, {"questId,points,at", ...} the newest `limit`, newest first}.
local progressKey = KEYS[1]
local ledgerKey = KEYS[2]
local limit = tonumber(ARGV[1])

local entries = {}
if limit > 0 then entries = redis.call('LRANGE', ledgerKey, -limit, -1) end
local newestFirst = {}
for i = #entries, 1, -1 do newestFirst[#newestFirst + 1] = entries[i] end
return {redis.call('HGET', progressKey, ':points'), redis.call('LLEN', ledgerKey), newestFirst}

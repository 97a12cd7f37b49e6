-- uses: quests
-- getQuestLedger: {points or false, entries in all, {"questId,points,at", ...} the newest `limit`, newest first}.
local progressKey = KEYS[1]
local ledgerKey = KEYS[2]
local limit = tonumber(ARGV[1])

return {redis.call('HGET', progressKey, ':points'), redis.call('LLEN', ledgerKey), ledgerPage(ledgerKey, limit)}

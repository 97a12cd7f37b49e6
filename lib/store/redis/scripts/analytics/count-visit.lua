-- uses: analytics, wallets
-- countVisit: one visit of a code's link on one day, for the code and for all codes ('*').
-- Returns 'counted'; 'miss' when no wallet owns the code; 'no-index' when the code index itself
-- is missing (the caller rebuilds it, then asks again).
local codesKey = KEYS[1]
local day = countingDay(KEYS[2], KEYS[3], ARGV[1], ARGV[2])
local visitsKey = KEYS[4]
local codeVisitorsKey = KEYS[5]
local allVisitorsKey = KEYS[6]
local code = ARGV[3]
local visitorId = ARGV[4]
local completeField = ARGV[5]

local owner, missing = ownerOfCode(codesKey, code, completeField)
if not owner then return missing end
redis.call('HINCRBY', visitsKey, code, 1)
redis.call('HINCRBY', visitsKey, '*', 1)
redis.call('PFADD', codeVisitorsKey, visitorId)
redis.call('PFADD', allVisitorsKey, visitorId)
for _, key in ipairs({visitsKey, codeVisitorsKey, allVisitorsKey}) do
  counted(day, key)
end
return 'counted'

-- uses: payouts
-- readPayoutAllocations (and getPayoutPlan with limit 0): KEYS plan, rows; ARGV offset, limit. Returns
-- {header, rows}: the header (readPlanHeader) and "wallet,amount,treeIndex" rows of a published plan, {} when unpublished.
local planKey = KEYS[1]
local rowsKey = KEYS[2]
local offset = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
if redis.call('HGET', planKey, 'state') ~= 'published' then return {} end
local rows = {}
if limit > 0 then rows = redis.call('LRANGE', rowsKey, offset, offset + limit - 1) end
return {readPlanHeader(planKey), rows}

-- uses: payouts
-- listPayoutPlans: KEYS pay:plans; ARGV the plan key prefix. Returns each published plan's header
-- (readPlanHeader of lib/payouts.lua), newest first.
local out = {}
for _, id in ipairs(redis.call('ZREVRANGE', KEYS[1], 0, -1)) do
  out[#out + 1] = readPlanHeader(payoutKeys(ARGV[1], id).plan)
end
return out

-- uses: payouts
-- listPayoutPlans: KEYS pay:plans; ARGV the plan key prefix. Returns each published plan's header
-- (readPlanHeader of lib/payouts.lua), newest first.
local plansKey = KEYS[1]
local prefix = ARGV[1]
local out = {}
for _, id in ipairs(redis.call('ZREVRANGE', plansKey, 0, -1)) do
  out[#out + 1] = readPlanHeader(payoutKeys(prefix, id).plan)
end
return out

-- areActiveReferrers: read-only. ARGV are wallets. Returns 1 or 0 per wallet, in order.
local activeKey = KEYS[1]

local out = {}
for i = 1, #ARGV do out[i] = redis.call('SISMEMBER', activeKey, ARGV[i]) end
return out

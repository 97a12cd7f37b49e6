-- uses: moderation
-- getDisqualifications: read-only. KEYS are the wallets' record keys. Returns each record as
-- readDisqualification of lib/moderation.lua reads it, in order.
local out = {}
for i, recordKey in ipairs(KEYS) do out[i] = readDisqualification(recordKey) end
return out

-- uses: signals
-- getReferrerSignals: read-only. Returns the wallet's signals as readSignals of lib/signals.lua reads them.
local signalsKey = KEYS[1]
local disqualifiedKey = KEYS[2]
local wallet = ARGV[1]

return readSignals(signalsKey, disqualifiedKey, wallet)

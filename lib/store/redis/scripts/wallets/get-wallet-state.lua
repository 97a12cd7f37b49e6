-- getWalletState: read-only. ARGV[2..] are the social task ids (the fields holding their times).
-- Returns walletState's reply (prelude.lua).
local walletKey = KEYS[1]
local lbKey = KEYS[2]
local wallet = ARGV[1]

return walletState(walletKey, lbKey, wallet, {unpack(ARGV, 2)})

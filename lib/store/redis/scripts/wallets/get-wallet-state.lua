-- uses: board, wallets
-- getWalletState: read-only. ARGV[2..] are the social task ids (the fields holding their times).
-- Returns walletState's reply (lib/wallets.lua).
local walletKey = KEYS[1]
local board = leaderboard(KEYS[2], KEYS[3], KEYS[4])
local linkedFidsKey = KEYS[5]
local wallet = ARGV[1]

return walletState(walletKey, linkedFidsKey, board, wallet, {unpack(ARGV, 2)})

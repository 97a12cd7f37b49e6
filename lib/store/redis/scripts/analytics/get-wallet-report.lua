-- uses: board, moderation, wallets
-- getWalletReport: read-only. The wallet's state (walletState of lib/wallets.lua, as get-wallet-state.lua
-- reads it), whether it is known, its rank, a page of its referees index (see keys.ts) and its
-- disqualification. ARGV[4..] are the social task ids.
-- Returns {<walletState reply>..., known 0|1, rank (0 = none on the board: no entry, or a held one), total,
-- {referee, -referredAt, ...}, <readDisqualification reply>}.
local walletKey = KEYS[1]
local board = leaderboard(KEYS[2], KEYS[3], KEYS[4])
local refereesKey = KEYS[5]
local recordKey = KEYS[6]
local wallet = ARGV[1]
local offset = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])

local out = walletState(walletKey, board, wallet, {unpack(ARGV, 4)})
local rank = redis.call('ZRANK', board.lb, wallet)
out[#out + 1] = redis.call('HEXISTS', walletKey, 'createdAt')
out[#out + 1] = rank and rank + 1 or 0
out[#out + 1] = redis.call('ZCARD', refereesKey)
out[#out + 1] = redis.call('ZRANGE', refereesKey, offset, offset + limit - 1, 'WITHSCORES')
out[#out + 1] = readDisqualification(recordKey)
return out

-- uses: board, moderation, quests, wallets
-- getWalletReport: read-only. The wallet's state (walletState of lib/wallets.lua, as get-wallet-state.lua
-- reads it), whether it is known, its rank, a page of its referees index (see keys.ts) and its
-- disqualification, and its side of the quests: its quest points, the newest `ledgerLimit` entries of its ledger
-- (as get-quest-ledger.lua reads them) and the catalog's size. ARGV[5..] are the social task ids.
-- Returns {<walletState reply>..., known 0|1, rank (0 = none on the board: no entry, or a held one), total,
-- {referee, -referredAt, ...}, <readDisqualification reply>, quest points or false, ledger entries in all,
-- {"questId,points,at", ...} newest first, quests in the catalog}.
local walletKey = KEYS[1]
local board = leaderboard(KEYS[2], KEYS[3], KEYS[4])
local refereesKey = KEYS[5]
local recordKey = KEYS[6]
local progressKey = KEYS[7]
local ledgerKey = KEYS[8]
local questOrderKey = KEYS[9]
local linkedFidsKey = KEYS[10]
local wallet = ARGV[1]
local offset = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
local ledgerLimit = tonumber(ARGV[4])

local out = walletState(walletKey, linkedFidsKey, board, wallet, {unpack(ARGV, 5)})
local rank = redis.call('ZRANK', board.lb, wallet)
out[#out + 1] = redis.call('HEXISTS', walletKey, 'createdAt')
out[#out + 1] = rank and rank + 1 or 0
out[#out + 1] = redis.call('ZCARD', refereesKey)
out[#out + 1] = redis.call('ZRANGE', refereesKey, offset, offset + limit - 1, 'WITHSCORES')
out[#out + 1] = readDisqualification(recordKey)
out[#out + 1] = redis.call('HGET', progressKey, ':points')
out[#out + 1] = redis.call('LLEN', ledgerKey)
out[#out + 1] = ledgerPage(ledgerKey, ledgerLimit)
out[#out + 1] = redis.call('ZCARD', questOrderKey)
return out

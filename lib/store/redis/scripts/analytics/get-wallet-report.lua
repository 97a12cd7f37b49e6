-- getWalletReport: read-only. The wallet's state (walletState of prelude.lua, as get-wallet-state.lua
-- reads it), whether it is known, its rank, and a page of its referees index (see keys.ts).
-- ARGV[4..] are the social task ids.
-- Returns {<walletState reply>..., known 0|1, rank (0 = no entry), total, {referee, -referredAt, ...}}.
local walletKey = KEYS[1]
local lbKey = KEYS[2]
local refereesKey = KEYS[3]
local wallet = ARGV[1]
local offset = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])

local out = walletState(walletKey, lbKey, wallet, {unpack(ARGV, 4)})
local rank = redis.call('ZRANK', lbKey, wallet)
out[#out + 1] = redis.call('HEXISTS', walletKey, 'createdAt')
out[#out + 1] = rank and rank + 1 or 0
out[#out + 1] = redis.call('ZCARD', refereesKey)
out[#out + 1] = redis.call('ZRANGE', refereesKey, offset, offset + limit - 1, 'WITHSCORES')
return out

-- uses: board
-- getAround / getSeasonRank: read-only, one atomic step. The entries ranked from the wallet's rank - `radius`
-- to its rank + `radius` on a board (boardRead of lib/board.lua: a season's board comes with its referrals
-- key, the all-time board alone), clipped to the board: ZRANK, then one ZRANGE. A held entry is on no board.
-- Returns {version, rank (1-based; 0 without an entry: no rows), rows from rank max(rank - radius, 1) as
-- readBoard writes them}.
local versionKey = KEYS[1]
local read = boardRead(KEYS[2], ARGV[3], KEYS[3])
local wallet = ARGV[1]
local radius = tonumber(ARGV[2])

local version = versionOf(versionKey)
local rank = redis.call('ZRANK', read.lb, wallet)
if not rank then return {version, 0, ''} end
local first = math.max(rank - radius, 0)
return {version, rank + 1, readBoard(read, first, rank + radius - first + 1)}

-- uses: board
-- getLeaderboard / getLeaderboardPage / scanLeaderboard: `limit` entries of a board (boardRead of lib/board.lua:
-- a season's board comes with its referrals key, the all-time board alone) from 0-based `offset`, read in
-- one atomic step.
-- Returns {digest} when the page's SHA1 equals `knownDigest` (the caller holds this very page
-- already), else {digest, page}, the page as readBoard writes it.
local read = boardRead(KEYS[1], ARGV[3], KEYS[2])
local offset = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local knownDigest = ARGV[4]

local page = readBoard(read, offset, limit)
local digest = redis.sha1hex(page)
if digest == knownDigest then return {digest} end
return {digest, page}

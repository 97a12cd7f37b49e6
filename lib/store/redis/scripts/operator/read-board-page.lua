-- uses: board
-- getLeaderboardPage / scanLeaderboard: `limit` rows of a board (boardRead of lib/board.lua: a season's
-- board comes with its referrals key, the all-time board alone) from 0-based `offset`, read in one
-- atomic step. Returns the page as readBoard writes it.
local read = boardRead(KEYS[1], ARGV[3], KEYS[2])
local offset = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])

return readBoard(read, offset, limit)

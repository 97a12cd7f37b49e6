-- uses: board
-- readBoard / getBoardVersion: read-only, one atomic step. The board version and the top `limit` rows of
-- a board (boardRead of lib/board.lua: a season's board comes with its referrals key, the all-time board
-- alone); a limit of 0 reads the version alone. Returns {version} when the version is `unlessVersion` (the caller holds
-- those rows already; '' never is), else {version, rows as readBoard writes them}.
local versionKey = KEYS[1]
local read = boardRead(KEYS[2], ARGV[2], KEYS[3])
local limit = tonumber(ARGV[1])
local unlessVersion = ARGV[3]

local version = versionOf(versionKey)
if version == unlessVersion then return {version} end
return {version, readBoard(read, 0, limit)}

-- getLeaderboard / getLeaderboardPage: `limit` entries from 0-based `offset`, read in one atomic step.
-- Returns {digest} when the page's SHA1 equals `knownDigest` (the caller holds this very page
-- already), else {digest, page}, the page as readBoard writes it.
local lbKey = KEYS[1]
local offset = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local walletKeyPrefix = ARGV[3]
local knownDigest = ARGV[4]

local page = readBoard(lbKey, walletKeyPrefix, offset, limit)
local digest = redis.sha1hex(page)
if digest == knownDigest then return {digest} end
return {digest, page}

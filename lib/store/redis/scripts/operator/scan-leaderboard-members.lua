-- scanLeaderboardMembers: read-only. One ZSCAN step over a leaderboard zset (lb, or lb:held); returns
-- {nextCursor, {member, ...}} with only the members that have no wallet hash.
local lbKey = KEYS[1]
local cursor = ARGV[1]
local count = ARGV[2]
local walletKeyPrefix = ARGV[3]

local page = redis.call('ZSCAN', lbKey, cursor, 'COUNT', count)
local orphans = {}
local entries = page[2]
for i = 1, #entries, 2 do
  if redis.call('EXISTS', walletKeyPrefix .. entries[i]) == 0 then orphans[#orphans + 1] = entries[i] end
end
return {page[1], orphans}

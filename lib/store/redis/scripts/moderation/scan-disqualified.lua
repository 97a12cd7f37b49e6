-- uses: moderation
-- scanDisqualified: read-only. One SSCAN step over the disqualified wallets, and the record of each
-- found, read in the same atomic step. Returns {nextCursor, {wallet, {record}}, ...}.
local disqualifiedKey = KEYS[1]
local cursor = ARGV[1]
local count = ARGV[2]
local recordKeyPrefix = ARGV[3]

local page = redis.call('SSCAN', disqualifiedKey, cursor, 'COUNT', count)
local rows = {}
for _, wallet in ipairs(page[2]) do
  rows[#rows + 1] = {wallet, readDisqualification(recordKeyPrefix .. wallet)}
end
return {page[1], rows}

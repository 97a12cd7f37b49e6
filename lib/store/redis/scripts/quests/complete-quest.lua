-- uses: analytics, board, seasons, wallets
-- completeQuest: unless the catalog moved past `catalogVersion` ('stale'), the wallet did the once quest
-- (`period` '' : 'already', with its time) or did it less than `period` seconds ago ('cooldown', with the
-- last time): makes the wallet known, records `now` as its last completion, credits `points` (the
-- rulebook's) through awardPoints (board, running season, held if disqualified, score total, version), adds
-- them to the wallet's quest points, counts the quest's completion and appends "questId,points,now" to the
-- wallet's ledger. Returns {'completed', questPoints} or {outcome, time}.
local walletKey = KEYS[1]
local codesKey = KEYS[2]
local day = countingDay(KEYS[3], KEYS[4], ARGV[4], ARGV[5])
local board = leaderboard(KEYS[5], KEYS[6], KEYS[7], KEYS[8])
local season = seasonBoard(KEYS[9], KEYS[10], KEYS[11], KEYS[12], ARGV[6])
local scoreKey = KEYS[13]
local catalogVersionKey = KEYS[14]
local progressKey = KEYS[15]
local completionsKey = KEYS[16]
local ledgerKey = KEYS[17]
local wallet = ARGV[1]
local code = ARGV[2]
local now = tonumber(ARGV[3])
local questId = ARGV[7]
local catalogVersion = ARGV[8]
local points = tonumber(ARGV[9])
local period = ARGV[10]

if (redis.call('GET', catalogVersionKey) or '0') ~= catalogVersion then return {'stale'} end
local last = redis.call('HGET', progressKey, questId)
if last then
  if period == '' then return {'already', last} end
  if now - tonumber(last) < tonumber(period) then return {'cooldown', last} end
end
register(walletKey, codesKey, wallet, code, now, day)
redis.call('HSET', progressKey, questId, string.format('%d', now))
awardPoints(board, season, scoreKey, wallet, now, points)
local questPoints = redis.call('HINCRBY', progressKey, ':points', points)
redis.call('HINCRBY', completionsKey, questId, 1)
redis.call('RPUSH', ledgerKey, questId .. ',' .. string.format('%d', points) .. ',' .. string.format('%d', now))
return {'completed', questPoints}

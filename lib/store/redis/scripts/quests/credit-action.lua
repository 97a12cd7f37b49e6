-- uses: analytics, board, outbox, seasons, wallets
-- creditAction: unless `catalogVersion` is a quest's and the catalog moved past it ('stale'), the wallet
-- was credited for the once action (`period` '' : 'already', with its time) or was less than `period`
-- seconds ago ('cooldown', with the last time): makes the wallet known, records `now` as its last credit
-- of `actionId` (its ledger id: the quest's id or 'action:<id>'), credits `points` (the rulebook's)
-- through awardPoints (board, running season, held if disqualified, score total, version), adds them to
-- the wallet's quest points and appends "actionId,points,now" to the wallet's ledger; a quest's
-- completion is counted too. `catalogVersion` is '' for an action outside the catalog: nothing checks or
-- counts it; a quest's credit writes quest.completed to the webhooks' outbox. Returns {'credited', questPoints}
-- or {outcome, time}.
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
local outbox = webhookOutbox(KEYS[18], ARGV[11], ARGV[12], ARGV[13])
local wallet = ARGV[1]
local code = ARGV[2]
local now = tonumber(ARGV[3])
local actionId = ARGV[7]
local catalogVersion = ARGV[8]
local points = tonumber(ARGV[9])
local period = ARGV[10]

local isQuest = catalogVersion ~= ''
if isQuest and (redis.call('GET', catalogVersionKey) or '0') ~= catalogVersion then return {'stale'} end
local last = redis.call('HGET', progressKey, actionId)
if last then
  if period == '' then return {'already', last} end
  if now - tonumber(last) < tonumber(period) then return {'cooldown', last} end
end
register(walletKey, codesKey, wallet, code, now, day)
redis.call('HSET', progressKey, actionId, string.format('%d', now))
awardPoints(board, season, scoreKey, wallet, now, points)
local questPoints = redis.call('HINCRBY', progressKey, ':points', points)
if isQuest then
  redis.call('HINCRBY', completionsKey, actionId, 1)
  appendEvent(outbox, 'quest.completed', now, function()
    return jsonObject({'wallet', jsonString(wallet), 'questId', jsonString(actionId), 'points', jsonInt(points)})
  end)
end
redis.call('RPUSH', ledgerKey, actionId .. ',' .. string.format('%d', points) .. ',' .. string.format('%d', now))
return {'credited', questPoints}

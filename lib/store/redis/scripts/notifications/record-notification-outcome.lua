-- uses: notifications
-- recordNotificationOutcome: one round of sends. Adds its counts to the day's, forgets each dropped
-- target unless its token changed since (the client handed out a new one after reporting the old one
-- invalid), and stamps the reminded fids with `now`. ARGV after the header: `dropCount` triples fid,
-- appFid, token, then the reminded fids.
local countsKey = KEYS[1]
local subscribersKey = KEYS[2]
local remindedKey = KEYS[3]
local expireAt = ARGV[1]
local sent = ARGV[2]
local failed = ARGV[3]
local invalid = ARGV[4]
local now = ARGV[5]
local targetsKeyPrefix = ARGV[6]
local dropCount = tonumber(ARGV[7])

-- A round that counted nothing leaves no key behind.
local wrote = false
for _, count in ipairs({{'sent', sent}, {'failed', failed}, {'invalid', invalid}}) do
  if tonumber(count[2]) > 0 then
    redis.call('HINCRBY', countsKey, count[1], count[2])
    wrote = true
  end
end
if wrote then redis.call('EXPIREAT', countsKey, expireAt) end

local firstReminded = 8 + 3 * dropCount
for i = 8, firstReminded - 1, 3 do
  local fid, appFid, token = ARGV[i], ARGV[i + 1], ARGV[i + 2]
  local targetsKey = targetsKeyPrefix .. fid
  local stored = redis.call('HGET', targetsKey, appFid)
  if stored and stored:sub(1, #token + 1) == token .. ' ' then forgetTarget(targetsKey, subscribersKey, fid, appFid) end
end
for i = firstReminded, #ARGV do
  redis.call('HSET', remindedKey, ARGV[i], now)
end

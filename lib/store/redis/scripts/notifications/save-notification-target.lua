-- saveNotificationTarget: the target becomes the fid's one in its client app, replacing any before it
-- ("<token> <url>", keys.ts fc:t:<fid>), and the fid a subscriber.
local targetsKey = KEYS[1]
local subscribersKey = KEYS[2]
local fid = ARGV[1]
local appFid = ARGV[2]
local target = ARGV[3]

redis.call('HSET', targetsKey, appFid, target)
redis.call('ZADD', subscribersKey, fid, fid)

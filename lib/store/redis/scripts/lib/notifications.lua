-- Forgetting a notification target.

-- Forgets the fid's target in one client app (keys.ts fc:t:<fid>); a fid left without targets is no
-- subscriber any more (fc:subs).
local function forgetTarget(targetsKey, subscribersKey, fid, appFid)
  redis.call('HDEL', targetsKey, appFid)
  if redis.call('EXISTS', targetsKey) == 0 then redis.call('ZREM', subscribersKey, fid) end
end

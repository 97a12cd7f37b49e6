-- uses: notifications
-- removeNotificationTarget: forgets the fid's target in one client app, if it has one there.
local targetsKey = KEYS[1]
local subscribersKey = KEYS[2]
local fid = ARGV[1]
local appFid = ARGV[2]

forgetTarget(targetsKey, subscribersKey, fid, appFid)

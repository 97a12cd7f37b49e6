-- claimNotification: claims the day's notification of one kind for the fid linked to the wallet.
-- Returns {fid, {appFid, target, ...}} when this call claimed it; {} when no fid is linked, the fid has
-- no target (nothing is claimed then, so a target added later still gets the notification), or the
-- claim was made before. The claims set lasts `ttl` seconds past its newest claim.
local fidsKey = KEYS[1]
local claimsKey = KEYS[2]
local wallet = ARGV[1]
local targetsKeyPrefix = ARGV[2]
local ttl = ARGV[3]

local fid = redis.call('HGET', fidsKey, wallet)
if not fid then return {} end
local targets = redis.call('HGETALL', targetsKeyPrefix .. fid)
if #targets == 0 or redis.call('SADD', claimsKey, fid) == 0 then return {} end
redis.call('EXPIRE', claimsKey, ttl)
return {fid, targets}

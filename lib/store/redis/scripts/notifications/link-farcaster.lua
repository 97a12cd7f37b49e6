-- linkFarcaster: links the fid and the wallet one to one: the fid's earlier wallet and the wallet's
-- earlier fid lose their link first. Returns 1 when the fid has a target, else 0.
local walletsKey = KEYS[1]
local fidsKey = KEYS[2]
local targetsKey = KEYS[3]
local fid = ARGV[1]
local wallet = ARGV[2]

local oldWallet = redis.call('HGET', walletsKey, fid)
if oldWallet then redis.call('HDEL', fidsKey, oldWallet) end
local oldFid = redis.call('HGET', fidsKey, wallet)
if oldFid then redis.call('HDEL', walletsKey, oldFid) end
redis.call('HSET', walletsKey, fid, wallet)
redis.call('HSET', fidsKey, wallet, fid)
return redis.call('EXISTS', targetsKey)

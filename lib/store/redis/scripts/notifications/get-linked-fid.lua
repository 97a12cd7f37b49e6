-- linkedFid: read-only. Returns the fid linked to the wallet, or nil.
local fidsKey = KEYS[1]
local wallet = ARGV[1]

return redis.call('HGET', fidsKey, wallet)

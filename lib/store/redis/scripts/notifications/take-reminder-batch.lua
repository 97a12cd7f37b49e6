-- takeReminderBatch: the next `limit` subscribers after the cursor (keys.ts fc:cursor), fid ascending,
-- and the cursor moved past them; a batch that reaches the last subscriber clears it, so the next one
-- starts from the first. One fid more than the batch is read to tell whether it reached the last.
-- Returns {wrapped 0|1, then per subscriber fid, wallet, checkInLast, remindedAt (nil where there is
-- none), {appFid, target, ...}}.
local subscribersKey = KEYS[1]
local cursorKey = KEYS[2]
local walletsKey = KEYS[3]
local remindedKey = KEYS[4]
local limit = tonumber(ARGV[1])
local targetsKeyPrefix = ARGV[2]
local walletKeyPrefix = ARGV[3]

local after = redis.call('GET', cursorKey) or '0'
local fids = redis.call('ZRANGEBYSCORE', subscribersKey, '(' .. after, '+inf', 'LIMIT', 0, limit + 1)
local wrapped = #fids <= limit
if wrapped then
  redis.call('DEL', cursorKey)
else
  fids[#fids] = nil
  redis.call('SET', cursorKey, fids[#fids])
end

local out = {wrapped and 1 or 0}
for _, fid in ipairs(fids) do
  local wallet = redis.call('HGET', walletsKey, fid)
  out[#out + 1] = fid
  out[#out + 1] = wallet
  out[#out + 1] = wallet and redis.call('HGET', walletKeyPrefix .. wallet, 'checkInLast')
  out[#out + 1] = redis.call('HGET', remindedKey, fid)
  out[#out + 1] = redis.call('HGETALL', targetsKeyPrefix .. fid)
end
return out

-- getTopReferrers: the `limit` wallets with the most referrals over a run of days, by those
-- referrals descending, then wallet ascending. KEYS: the scratch zset, the disqualified wallets,
-- then per day its referrers zset, then per day its visits hash. ARGV: limit, the wallet key
-- prefix, then per day the prefix of its visitor HyperLogLogs (the code follows). The days' zsets
-- are summed into the scratch key, which is deleted before the script returns.
-- Returns {wallet, referrals, referralsAllTime, visits, uniqueVisitors, disqualified 0|1, ...}.
local topKey = KEYS[1]
local disqualifiedKey = KEYS[2]
local limit = tonumber(ARGV[1])
local walletKeyPrefix = ARGV[2]
local dayCount = #ARGV - 2
local referrerKeys = {unpack(KEYS, 3, 2 + dayCount)}

redis.call('ZUNIONSTORE', topKey, dayCount, unpack(referrerKeys))
-- The limit-th score, or the lowest when fewer wallets referred: everything above it is in, and of
-- the wallets at it, the first ones by wallet (ZRANGEBYSCORE orders equal scores by member).
local cut = redis.call('ZREVRANGE', topKey, limit - 1, limit - 1, 'WITHSCORES')
if #cut == 0 then cut = redis.call('ZRANGE', topKey, 0, 0, 'WITHSCORES') end
if #cut == 0 then return {} end
local threshold = cut[2]
local above = redis.call('ZRANGEBYSCORE', topKey, '(' .. threshold, '+inf', 'WITHSCORES')
local top = {}
for i = 1, #above, 2 do top[#top + 1] = {above[i], tonumber(above[i + 1])} end
table.sort(top, function(a, b)
  if a[2] ~= b[2] then return a[2] > b[2] end
  return a[1] < b[1]
end)
for _, wallet in ipairs(redis.call('ZRANGEBYSCORE', topKey, threshold, threshold, 'LIMIT', 0, limit - #top)) do
  top[#top + 1] = {wallet, tonumber(threshold)}
end
redis.call('DEL', topKey)

local out = {}
for _, entry in ipairs(top) do
  local wallet = entry[1]
  -- A wallet's refCode: the last 8 characters of its address (refCodeOf of lib/domain/wallet.ts).
  local code = string.sub(wallet, -8)
  local visits = 0
  local visitorKeys = {}
  for d = 1, dayCount do
    visits = visits + (tonumber(redis.call('HGET', KEYS[2 + dayCount + d], code)) or 0)
    visitorKeys[d] = ARGV[2 + d] .. code
  end
  out[#out + 1] = wallet
  out[#out + 1] = string.format('%d', entry[2])
  out[#out + 1] = redis.call('HGET', walletKeyPrefix .. wallet, 'referralsCount') or 0
  out[#out + 1] = visits
  out[#out + 1] = redis.call('PFCOUNT', unpack(visitorKeys))
  out[#out + 1] = redis.call('SISMEMBER', disqualifiedKey, wallet)
end
return out

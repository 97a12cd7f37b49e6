-- takeDueDeliveries: KEYS wh:due; ARGV now, limit, leaseSeconds, the prefix of the webhook keys. Takes up to `limit`
-- deliveries due at `now` (only enabled endpoints' are in wh:due), oldest due first, and makes each due again at
-- the lease's end: no concurrent call takes it meanwhile, and one whose worker died is taken again after.
-- Returns {endpointId, url, secret, eventId, body, attempts} per delivery.
local dueKey = KEYS[1]
local now = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local leaseSeconds = tonumber(ARGV[3])
local keyPrefix = ARGV[4]

local out = {}
for _, member in ipairs(redis.call('ZRANGEBYSCORE', dueKey, '-inf', now, 'LIMIT', 0, limit)) do
  local endpointId, eventId = string.match(member, '^(%S+) (%S+)$')
  local url, secret = unpack(redis.call('HMGET', keyPrefix .. 'e:' .. endpointId, 'url', 'secret'))
  local body, attempts = unpack(redis.call('HMGET', keyPrefix .. 'd:' .. endpointId .. ':' .. eventId, 'body', 'attempts'))
  redis.call('ZADD', dueKey, now + leaseSeconds, member)
  out[#out + 1] = {endpointId, url, secret, eventId, body, attempts}
end
return out

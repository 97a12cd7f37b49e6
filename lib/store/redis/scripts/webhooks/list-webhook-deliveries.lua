-- listWebhookDeliveries: KEYS wh:e:<id>, wh:l:<id>; ARGV limit, the prefix of its wh:d:<id>:<event id>. Returns {}
-- when there is no such endpoint, else {1, delivery...}, its newest `limit` first, each {eventId, type, attempts,
-- state, lastStatus, lastError, lastResponse, lastAttemptAt, nextAttemptAt, createdAt}.
local endpointKey = KEYS[1]
local deliveriesKey = KEYS[2]
local limit = tonumber(ARGV[1])
local deliveryKeyPrefix = ARGV[2]

if redis.call('EXISTS', endpointKey) == 0 then return {} end
local out = {1}
if limit < 1 then return out end
for _, eventId in ipairs(redis.call('ZREVRANGE', deliveriesKey, 0, limit - 1)) do
  local fields = redis.call('HMGET', deliveryKeyPrefix .. eventId, 'type', 'attempts', 'state', 'lastStatus', 'lastError',
    'lastResponse', 'lastAttemptAt', 'nextAttemptAt', 'createdAt')
  table.insert(fields, 1, eventId)
  out[#out + 1] = fields
end
return out

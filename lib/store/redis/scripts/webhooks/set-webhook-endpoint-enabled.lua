-- uses: webhooks
-- setWebhookEndpointEnabled: KEYS wh:e:<id>, wh:p:<id>, wh:due; ARGV id, enabled ('1' or '0'), now. Enabling a
-- disabled endpoint clears disabledAt, disabledBy and failingSince and makes its pending deliveries due at `now`; disabling an
-- enabled one holds them (holdDeliveries of lib/webhooks.lua); either on an endpoint already so changes nothing.
-- Returns the endpoint (readEndpoint), or nil when there is none.
local endpointKey = KEYS[1]
local pendingKey = KEYS[2]
local dueKey = KEYS[3]
local id = ARGV[1]
local enable = ARGV[2] == '1'
local now = ARGV[3]

local enabled = redis.call('HGET', endpointKey, 'enabled')
if not enabled then return nil end
if enable and enabled == '0' then
  redis.call('HSET', endpointKey, 'enabled', '1')
  redis.call('HDEL', endpointKey, 'disabledAt', 'disabledBy', 'failingSince')
  for _, eventId in ipairs(redis.call('SMEMBERS', pendingKey)) do redis.call('ZADD', dueKey, now, dueMember(id, eventId)) end
elseif not enable and enabled == '1' then
  holdDeliveries(endpointKey, pendingKey, dueKey, id, now, 'admin')
end
return readEndpoint(endpointKey, id)

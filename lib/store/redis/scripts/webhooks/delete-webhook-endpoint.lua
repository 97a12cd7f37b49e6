-- uses: webhooks
-- deleteWebhookEndpoint: KEYS wh:endpoints, wh:e:<id>, wh:routes, wh:l:<id>, wh:p:<id>, wh:f:<id>, wh:due; ARGV id,
-- the prefix of its wh:d:<id>:<event id>. Removes the endpoint from the routing of its types, every delivery of it
-- and the endpoint. Returns 1, or 0 when there was none.
local endpointsKey = KEYS[1]
local endpointKey = KEYS[2]
local routesKey = KEYS[3]
local deliveriesKey = KEYS[4]
local pendingKey = KEYS[5]
local finishedKey = KEYS[6]
local dueKey = KEYS[7]
local id = ARGV[1]
local deliveryKeyPrefix = ARGV[2]

local events = redis.call('HGET', endpointKey, 'events')
if not events then return 0 end
for eventType in string.gmatch(events, '%S+') do
  local others = {}
  for listening in string.gmatch(redis.call('HGET', routesKey, eventType) or '', '%S+') do
    if listening ~= id then others[#others + 1] = listening end
  end
  if #others == 0 then redis.call('HDEL', routesKey, eventType) else redis.call('HSET', routesKey, eventType, table.concat(others, ' ')) end
end
for _, eventId in ipairs(redis.call('SMEMBERS', pendingKey)) do redis.call('ZREM', dueKey, dueMember(id, eventId)) end
for _, eventId in ipairs(redis.call('ZRANGE', deliveriesKey, 0, -1)) do redis.call('DEL', deliveryKeyPrefix .. eventId) end
redis.call('DEL', deliveriesKey, pendingKey, finishedKey, endpointKey)
redis.call('ZREM', endpointsKey, id)
return 1

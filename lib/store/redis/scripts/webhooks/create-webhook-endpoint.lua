-- uses: webhooks
-- createWebhookEndpoint: KEYS wh:endpoints, wh:e:<id>, wh:routes; ARGV id, url, events (space-separated), secret,
-- now. Stores the endpoint, enabled, and adds it to the routing of each of its types, so every fact's script
-- from this step on queues a delivery for it. Returns the endpoint (readEndpoint of lib/webhooks.lua).
local endpointsKey = KEYS[1]
local endpointKey = KEYS[2]
local routesKey = KEYS[3]
local id = ARGV[1]
local url = ARGV[2]
local events = ARGV[3]
local secret = ARGV[4]
local now = ARGV[5]

redis.call('HSET', endpointKey, 'url', url, 'events', events, 'secret', secret, 'createdAt', now, 'enabled', '1')
redis.call('ZADD', endpointsKey, now, id)
for eventType in string.gmatch(events, '%S+') do
  local listening = redis.call('HGET', routesKey, eventType)
  redis.call('HSET', routesKey, eventType, listening and (listening .. ' ' .. id) or id)
end
return readEndpoint(endpointKey, id)

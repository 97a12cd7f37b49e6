-- uses: webhooks
-- listWebhookEndpoints: KEYS wh:endpoints; ARGV the prefix of wh:e:<id>. Every endpoint, oldest first (readEndpoint
-- of lib/webhooks.lua), never its secret.
local endpointsKey = KEYS[1]
local endpointKeyPrefix = ARGV[1]

local out = {}
for _, id in ipairs(redis.call('ZRANGE', endpointsKey, 0, -1)) do
  local endpoint = readEndpoint(endpointKeyPrefix .. id, id)
  if endpoint then out[#out + 1] = endpoint end
end
return out

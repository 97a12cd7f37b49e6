-- hasWebhookEndpoints: KEYS wh:endpoints. Returns 1 when any endpoint exists, else 0.
local endpointsKey = KEYS[1]

return redis.call('EXISTS', endpointsKey)

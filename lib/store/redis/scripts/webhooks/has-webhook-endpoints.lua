-- hasWebhookEndpoints: KEYS wh:endpoints. Returns 1 when any endpoint exists, else 0.
return redis.call('EXISTS', KEYS[1])

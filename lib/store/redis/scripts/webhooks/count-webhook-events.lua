-- countWebhookEvents: KEYS wh:events. Returns the events written to the outbox since the store began.
return tonumber(redis.call('GET', KEYS[1]) or '0')

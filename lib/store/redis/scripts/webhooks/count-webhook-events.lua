-- countWebhookEvents: KEYS wh:events. Returns the events of facts written to the outbox since the store began.
local eventsKey = KEYS[1]

return tonumber(redis.call('GET', eventsKey) or '0')

-- uses: webhooks
-- queueWebhookTest: KEYS wh:e:<id>, wh:d:<id>:<event id>, wh:l:<id>, wh:p:<id>, wh:due, wh:events; ARGV id, event
-- id, body, now. Queues one webhook.test event for that endpoint alone, due at `now` (taken once the endpoint is
-- enabled). Counted with the events, its sequence number orders it among the endpoint's deliveries. Returns 1,
-- or 0 when there is no such endpoint.
local endpointKey = KEYS[1]
local deliveryKey = KEYS[2]
local deliveriesKey = KEYS[3]
local pendingKey = KEYS[4]
local dueKey = KEYS[5]
local eventsKey = KEYS[6]
local id = ARGV[1]
local eventId = ARGV[2]
local body = ARGV[3]
local now = ARGV[4]

local enabled = redis.call('HGET', endpointKey, 'enabled')
if not enabled then return 0 end
local sequence = redis.call('INCR', eventsKey)
redis.call('HSET', deliveryKey, 'type', 'webhook.test', 'body', body, 'state', 'pending', 'attempts', '0', 'nextAttemptAt', now, 'createdAt', now)
redis.call('ZADD', deliveriesKey, sequence, eventId)
redis.call('SADD', pendingKey, eventId)
if enabled == '1' then redis.call('ZADD', dueKey, now, dueMember(id, eventId)) end
return 1

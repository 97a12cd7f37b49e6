-- uses: webhooks
-- recordWebhookAttempt: KEYS wh:e:<id>, wh:d:<id>:<event id>, wh:l:<id>, wh:p:<id>, wh:f:<id>, wh:due; ARGV id,
-- event id, ok ('1' or '0'), status ('' for none), error ('' for none), response given ('1' or '0'), response, now,
-- disableAfterSeconds, kept (finished deliveries kept per endpoint), the prefix of its wh:d:<id>:<event id>, then
-- the retry delays (the schedule of lib/domain/webhooks.ts, given as data). Only a pending delivery of an existing
-- endpoint changes.
-- A success delivers it and clears the endpoint's failingSince. A failure counts the attempt and makes the
-- delivery due after the delay of its attempt number, or fails it after the last; failingSince is set at the
-- first failure since a success (or the endpoint's creation), and a failure at least disableAfterSeconds after
-- it disables the endpoint (holdDeliveries). A finished delivery joins wh:f:<id>, whose oldest beyond `kept` go.
-- Returns 1 when this attempt disabled the endpoint, else 0.
local endpointKey = KEYS[1]
local deliveryKey = KEYS[2]
local deliveriesKey = KEYS[3]
local pendingKey = KEYS[4]
local finishedKey = KEYS[5]
local dueKey = KEYS[6]
local id = ARGV[1]
local eventId = ARGV[2]
local ok = ARGV[3] == '1'
local status = ARGV[4]
local failure = ARGV[5]
local responseGiven = ARGV[6] == '1'
local response = ARGV[7]
local now = tonumber(ARGV[8])
local disableAfterSeconds = tonumber(ARGV[9])
local kept = tonumber(ARGV[10])
local deliveryKeyPrefix = ARGV[11]
local retryDelays = {unpack(ARGV, 12)}

local enabled = redis.call('HGET', endpointKey, 'enabled')
if not enabled or redis.call('HGET', deliveryKey, 'state') ~= 'pending' then return 0 end
local at = string.format('%d', now)
local member = dueMember(id, eventId)

-- Sets the field to `value`, or removes it for none ('' or nil).
local function put(key, field, value)
  if value and value ~= '' then redis.call('HSET', key, field, value) else redis.call('HDEL', key, field) end
end

local attempts = redis.call('HINCRBY', deliveryKey, 'attempts', 1)
redis.call('HSET', deliveryKey, 'lastAttemptAt', at)
put(deliveryKey, 'lastStatus', status)
put(deliveryKey, 'lastError', failure)
if responseGiven then redis.call('HSET', deliveryKey, 'lastResponse', response) else redis.call('HDEL', deliveryKey, 'lastResponse') end
redis.call('HSET', endpointKey, 'lastAt', at, 'lastEvent', eventId, 'lastOk', ok and '1' or '0')
put(endpointKey, 'lastStatus', status)

local function finish(state)
  redis.call('HSET', deliveryKey, 'state', state)
  redis.call('HDEL', deliveryKey, 'nextAttemptAt')
  redis.call('SREM', pendingKey, eventId)
  redis.call('ZREM', dueKey, member)
  redis.call('ZADD', finishedKey, redis.call('ZSCORE', deliveriesKey, eventId), eventId)
  local dropped = redis.call('ZCARD', finishedKey) - kept
  if dropped <= 0 then return end
  for _, oldest in ipairs(redis.call('ZRANGE', finishedKey, 0, dropped - 1)) do
    redis.call('DEL', deliveryKeyPrefix .. oldest)
    redis.call('ZREM', deliveriesKey, oldest)
  end
  redis.call('ZREMRANGEBYRANK', finishedKey, 0, dropped - 1)
end

if ok then
  finish('delivered')
  redis.call('HDEL', endpointKey, 'failingSince')
  return 0
end
local delay = tonumber(retryDelays[attempts])
if delay then
  local dueAt = string.format('%d', now + delay)
  redis.call('HSET', deliveryKey, 'nextAttemptAt', dueAt)
  if enabled == '1' then redis.call('ZADD', dueKey, dueAt, member) end
else
  finish('failed')
end
local failingSince = tonumber(redis.call('HGET', endpointKey, 'failingSince'))
if not failingSince then
  failingSince = now
  redis.call('HSET', endpointKey, 'failingSince', at)
end
if enabled == '1' and now - failingSince >= disableAfterSeconds then
  holdDeliveries(endpointKey, pendingKey, dueKey, id, at, 'failures')
  return 1
end
return 0

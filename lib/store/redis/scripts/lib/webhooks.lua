-- What the webhook scripts share: an endpoint as the reads return it, and holding or resuming its deliveries.

-- An endpoint as webhooks.ts endpointOf reads it: {id, url, events, createdAt, enabled, disabledAt, failingSince,
-- lastAt, lastEvent, lastStatus, lastOk, disabledBy}; nil when there is none.
local function readEndpoint(endpointKey, id)
  local fields = redis.call('HMGET', endpointKey, 'url', 'events', 'createdAt', 'enabled', 'disabledAt', 'failingSince',
    'lastAt', 'lastEvent', 'lastStatus', 'lastOk', 'disabledBy')
  if not fields[1] then return nil end
  table.insert(fields, 1, id)
  return fields
end

-- The member of wh:due that stands for one delivery.
local function dueMember(endpointId, eventId)
  return endpointId .. ' ' .. eventId
end

-- Disables the endpoint at `now`, `by` 'failures' or 'admin': its pending deliveries leave wh:due and wait in wh:p:<id>.
local function holdDeliveries(endpointKey, pendingKey, dueKey, endpointId, now, by)
  redis.call('HSET', endpointKey, 'enabled', '0', 'disabledAt', now, 'disabledBy', by)
  for _, eventId in ipairs(redis.call('SMEMBERS', pendingKey)) do redis.call('ZREM', dueKey, dueMember(endpointId, eventId)) end
end

-- The webhooks' outbox (issue #30): a fact's script appends its event here, in the fact's own step, one
-- delivery per endpoint listening to the event's type (keys.ts wh:*). With no endpoint listening, the
-- append is one HGET of wh:routes and nothing else.

-- What an append needs: wh:routes, the prefix of the other webhook keys (derived per endpoint), the random
-- part of this call's event ids (unique across deployments) and the body's timestamp (webhookTimestamp).
local function webhookOutbox(routesKey, keyPrefix, idBase, timestamp)
  return {routes = routesKey, prefix = keyPrefix, idBase = idBase, timestamp = timestamp}
end

-- JSON of a string, as JSON.stringify writes it: Redis's cjson also escapes '/', which JSON needs not.
-- Every '\/' of cjson's output is that escape: a backslash of the text is written '\\', and a '/' after
-- it as '\/' again, so the first backslash never meets a '/'.
local function jsonString(text)
  return (string.gsub(cjson.encode(text), '\\/', '/'))
end

-- JSON of a whole number, never in exponent form.
local function jsonInt(value)
  return string.format('%d', value)
end

-- A JSON object of already encoded values, in the given key order: {key1, json1, key2, json2, ...}.
local function jsonObject(fields)
  local parts = {}
  for i = 1, #fields, 2 do parts[#parts + 1] = jsonString(fields[i]) .. ':' .. fields[i + 1] end
  return '{' .. table.concat(parts, ',') .. '}'
end

-- A JSON array of the strings of `values` from its index `from` on.
local function jsonStrings(values, from)
  local parts = {}
  for i = from, #values do parts[#parts + 1] = jsonString(values[i]) end
  return '[' .. table.concat(parts, ',') .. ']'
end

-- Appends the event `eventType` of a fact made at `now` when some endpoint listens to it: `data` is a
-- function returning its data's JSON (built only then). The event's id is 'msg_', the call's random part
-- and the event's sequence number (wh:events, which counts the events); its body is written once, as it
-- will be sent and signed. Each listening endpoint gets a pending delivery, due at once when it is enabled
-- (a disabled one keeps it for when it is enabled again). Returns the event's id, or nil.
local function appendEvent(outbox, eventType, now, data)
  local listening = redis.call('HGET', outbox.routes, eventType)
  if not listening then return nil end
  local prefix = outbox.prefix
  local sequence = redis.call('INCR', prefix .. 'events')
  local eventId = 'msg_' .. outbox.idBase .. sequence
  local body = '{"type":' .. jsonString(eventType) .. ',"timestamp":' .. jsonString(outbox.timestamp) .. ',"data":' .. data() .. '}'
  local at = jsonInt(tonumber(now))
  for endpointId in string.gmatch(listening, '%S+') do
    redis.call('HSET', prefix .. 'd:' .. endpointId .. ':' .. eventId,
      'type', eventType, 'body', body, 'state', 'pending', 'attempts', '0', 'nextAttemptAt', at, 'createdAt', at)
    redis.call('ZADD', prefix .. 'l:' .. endpointId, sequence, eventId)
    redis.call('SADD', prefix .. 'p:' .. endpointId, eventId)
    if redis.call('HGET', prefix .. 'e:' .. endpointId, 'enabled') == '1' then
      redis.call('ZADD', prefix .. 'due', at, endpointId .. ' ' .. eventId)
    end
  end
  return eventId
end

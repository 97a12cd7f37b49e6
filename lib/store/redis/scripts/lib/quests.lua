-- The quest catalog: a hash of id -> the quest's JSON, in creation order by a zset, with its version.

-- Every quest of the catalog in creation order, as one flat list {id, json, ...}.
local function questList(orderKey, catalogKey)
  local ids = redis.call('ZRANGE', orderKey, 0, -1)
  if #ids == 0 then return {} end
  local bodies = redis.call('HMGET', catalogKey, unpack(ids))
  local out = {}
  for i = 1, #ids do
    out[#out + 1] = ids[i]
    out[#out + 1] = bodies[i]
  end
  return out
end

-- Writes one quest, placed last when new, and moves the version on; returns the new version.
local function putQuest(versionKey, orderKey, catalogKey, id, json)
  if redis.call('HEXISTS', catalogKey, id) == 0 then redis.call('ZADD', orderKey, redis.call('ZCARD', orderKey) + 1, id) end
  redis.call('HSET', catalogKey, id, json)
  return string.format('%d', redis.call('INCR', versionKey))
end

-- The newest `limit` entries of a wallet's ledger ("questId,points,at"), newest first.
local function ledgerPage(ledgerKey, limit)
  local entries = {}
  if limit > 0 then entries = redis.call('LRANGE', ledgerKey, -limit, -1) end
  local newestFirst = {}
  for i = #entries, 1, -1 do newestFirst[#newestFirst + 1] = entries[i] end
  return newestFirst
end

-- Replaces the tasks' points with ARGV[from .. from + 2n - 1] (taskId, points pairs), keeping none of 0.
local function putTaskPoints(taskPointsKey, from, n)
  redis.call('DEL', taskPointsKey)
  for i = from, from + 2 * n - 1, 2 do
    if tonumber(ARGV[i + 1]) > 0 then redis.call('HSET', taskPointsKey, ARGV[i], ARGV[i + 1]) end
  end
end

-- The day's counters: what a counting script writes on the UTC day it counts on.

-- The UTC day a script counts on (lib/store/redis/analytics.ts countingDay): its facts hash, the
-- counters' start key, the day's number and when the day's keys expire.
local function countingDay(factsKey, sinceKey, day, expireAt)
  return {facts = factsKey, since = sinceKey, day = day, expireAt = expireAt}
end

-- After a write to a key of the day: it goes with the rest of the day, and counting has begun.
local function counted(day, key)
  redis.call('EXPIREAT', key, day.expireAt)
  redis.call('SET', day.since, day.day, 'NX')
end

-- +1 to one of the day's facts (the names of lib/store/facts.ts).
local function countFact(day, fact)
  redis.call('HINCRBY', day.facts, fact, 1)
  counted(day, day.facts)
end

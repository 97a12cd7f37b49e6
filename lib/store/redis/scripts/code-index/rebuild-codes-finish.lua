-- Last step of a code index rebuild: marks the index complete (when `complete` is '1')
-- and releases the lock if the caller still holds it.
local codesKey = KEYS[1]
local lockKey = KEYS[2]
local completeField = ARGV[1]
local token = ARGV[2]
local complete = ARGV[3] == '1'

if complete then redis.call('HSET', codesKey, completeField, '1') end
if redis.call('GET', lockKey) == token then redis.call('DEL', lockKey) end
return 1

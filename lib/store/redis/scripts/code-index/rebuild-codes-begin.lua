-- First step of a code index rebuild. Returns 'complete' when the index needs none,
-- 'acquired' when this caller now holds the lock, 'busy' when another caller does.
local codesKey = KEYS[1]
local lockKey = KEYS[2]
local completeField = ARGV[1]
local token = ARGV[2]
local lockTtlMs = ARGV[3]

if redis.call('HEXISTS', codesKey, completeField) == 1 then return 'complete' end
if redis.call('SET', lockKey, token, 'NX', 'PX', lockTtlMs) then return 'acquired' end
return 'busy'

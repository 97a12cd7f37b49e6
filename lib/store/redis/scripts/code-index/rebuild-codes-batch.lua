-- One batch of a code index rebuild: KEYS[3..] are wallet keys found by SCAN, ARGV[4..]
-- their refCodes in the same order. Per code the wallet known first (smallest createdAt,
-- then smaller wallet) wins, whether it was written by this rebuild or by a registration.
-- Extends the lock while the caller still holds it. Returns the number of wallets seen.
local codesKey = KEYS[1]
local lockKey = KEYS[2]
local walletKeyPrefix = ARGV[1]
local token = ARGV[2]
local lockTtlMs = ARGV[3]

local function createdAtOf(walletKey)
  return tonumber(redis.call('HGET', walletKey, 'createdAt')) or math.huge
end

for i = 3, #KEYS do
  local walletKey = KEYS[i]
  local wallet = string.sub(walletKey, #walletKeyPrefix + 1)
  local code = ARGV[i + 1]
  local owner = redis.call('HGET', codesKey, code)
  if owner ~= wallet then
    local better = not owner
    if owner then
      local mine, theirs = createdAtOf(walletKey), createdAtOf(walletKeyPrefix .. owner)
      better = mine < theirs or (mine == theirs and wallet < owner)
    end
    if better then redis.call('HSET', codesKey, code, wallet) end
  end
end
if redis.call('GET', lockKey) == token then redis.call('PEXPIRE', lockKey, lockTtlMs) end
return #KEYS - 2

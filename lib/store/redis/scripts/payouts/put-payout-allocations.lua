-- putPayoutAllocations: KEYS plan, rows, wallets; ARGV from, then wallet, amount, treeIndex per allocation.
-- Appends only to a staged plan holding exactly `from` allocations. Returns 1 when written, 0 otherwise.
local planKey = KEYS[1]
local rowsKey = KEYS[2]
local walletsKey = KEYS[3]
local from = tonumber(ARGV[1])
if redis.call('HGET', planKey, 'state') ~= 'staged' then return 0 end
if redis.call('LLEN', rowsKey) ~= from then return 0 end
local rows, byWallet = {}, {}
for i = 2, #ARGV - 2, 3 do
  rows[#rows + 1] = ARGV[i] .. ',' .. ARGV[i + 1] .. ',' .. ARGV[i + 2]
  byWallet[#byWallet + 1] = ARGV[i]
  byWallet[#byWallet + 1] = ARGV[i + 1] .. ',' .. ARGV[i + 2]
end
if #rows > 0 then
  redis.call('RPUSH', rowsKey, unpack(rows))
  redis.call('HSET', walletsKey, unpack(byWallet))
end
return 1

-- putPayoutAllocations: KEYS plan, rows, wallets; ARGV from, then wallet, amount, treeIndex per allocation.
-- Appends only to a staged plan holding exactly `from` allocations. Returns 1 when written, 0 otherwise.
local planKey, rowsKey, walletsKey = KEYS[1], KEYS[2], KEYS[3]
if redis.call('HGET', planKey, 'state') ~= 'staged' then return 0 end
if redis.call('LLEN', rowsKey) ~= tonumber(ARGV[1]) then return 0 end
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

-- uses: payouts
-- putPayoutNodes: KEYS plan, nodes; ARGV from (a node index), the nodes as hex. Appends only to a staged
-- plan holding exactly `from` nodes. Returns 1 when written, 0 otherwise.
local planKey = KEYS[1]
local nodesKey = KEYS[2]
local from = tonumber(ARGV[1])
local hex = ARGV[2]
if redis.call('HGET', planKey, 'state') ~= 'staged' then return 0 end
if redis.call('STRLEN', nodesKey) ~= from * 32 then return 0 end
redis.call('APPEND', nodesKey, fromHex(hex))
return 1

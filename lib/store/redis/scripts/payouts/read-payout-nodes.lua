-- uses: payouts
-- readPayoutNodes: KEYS plan, nodes; ARGV offset, count (nodes). Returns the nodes of a published plan as
-- hex ('' past the end or when unpublished).
local planKey = KEYS[1]
local nodesKey = KEYS[2]
local from = tonumber(ARGV[1]) * 32
local count = tonumber(ARGV[2])
if redis.call('HGET', planKey, 'state') ~= 'published' or count == 0 then return '' end
return toHex(redis.call('GETRANGE', nodesKey, from, from + count * 32 - 1))

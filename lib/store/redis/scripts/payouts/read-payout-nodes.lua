-- uses: payouts
-- readPayoutNodes: KEYS plan, nodes; ARGV offset, count (nodes). Returns the nodes of a published plan as
-- hex ('' past the end or when unpublished).
if redis.call('HGET', KEYS[1], 'state') ~= 'published' then return '' end
local from = tonumber(ARGV[1]) * 32
local count = tonumber(ARGV[2])
if count == 0 then return '' end
return toHex(redis.call('GETRANGE', KEYS[2], from, from + count * 32 - 1))

-- uses: payouts
-- getClaims: KEYS pay:live; ARGV the plan key prefix, wallet. For each plan with a distributor, newest first,
-- where the wallet has an allocation: {header, amount, proof}, the proof's siblings read from the plan's
-- nodes (OpenZeppelin's layout: the sibling of i is i-1 when i is even, i+1 when odd; the parent floor((i-1)/2)),
-- as one hex string of 64 characters a node.
local liveKey = KEYS[1]
local prefix = ARGV[1]
local wallet = ARGV[2]
local out = {}
for _, id in ipairs(redis.call('ZREVRANGE', liveKey, 0, -1)) do
  local keys = payoutKeys(prefix, id)
  local allocation = redis.call('HGET', keys.wallets, wallet)
  if allocation then
    local amount, index = string.match(allocation, '^(%d+),(%d+)$')
    local i = tonumber(index)
    local proof = {}
    while i > 0 do
      local sibling = (i % 2 == 0) and (i - 1) or (i + 1)
      proof[#proof + 1] = redis.call('GETRANGE', keys.nodes, sibling * 32, sibling * 32 + 31)
      i = math.floor((i - 1) / 2)
    end
    out[#out + 1] = {readPlanHeader(keys.plan), amount, toHex(table.concat(proof))}
  end
end
return out

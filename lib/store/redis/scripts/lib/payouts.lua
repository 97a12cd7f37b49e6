-- What the payout scripts share: a plan's keys and its tree's nodes as hex.

-- The keys of plan `id` (keys.ts: pay:<id>, and :rows, :w, :nodes after it).
local function payoutKeys(prefix, id)
  local plan = prefix .. id
  return {plan = plan, rows = plan .. ':rows', wallets = plan .. ':w', nodes = plan .. ':nodes'}
end

-- Bytes as lowercase hex (the nodes travel as hex: a reply or argument need not be binary-safe).
local function toHex(bytes)
  return (string.gsub(bytes, '.', function(c) return string.format('%02x', string.byte(c)) end))
end

local function fromHex(hex)
  return (string.gsub(hex, '..', function(cc) return string.char(tonumber(cc, 16)) end))
end

-- A plan's header as the read scripts return it: {plan JSON, distributor, chain}, the last two false until recorded.
local function readPlanHeader(planKey)
  return redis.call('HMGET', planKey, 'plan', 'distributor', 'chain')
end

-- getAuditLog: read-only. `limit` entries from 0-based `offset`, newest first, each split back
-- into its fields (appendAudit of lib/moderation.lua writes them: the admin's length in bytes tells it
-- from the reason). Returns {total, {id, at, action, cascade, wallets, wallet, admin, reason}, ...},
-- wallet and reason '' where the entry has none.
local auditKey = KEYS[1]
local offset = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])

local total = redis.call('LLEN', auditKey)
local out = {total}
-- Ids are 1-based places: the page runs from id `newest` down to id `oldest`.
local newest = total - offset
local oldest = math.max(1, newest - limit + 1)
if newest < 1 then return out end
local entries = redis.call('LRANGE', auditKey, oldest - 1, newest - 1)
for i = #entries, 1, -1 do
  local at, action, cascade, wallets, wallet, adminBytes, texts =
    string.match(entries[i], '^(%d+),([%a-]+),([01]),(%d+),([^,]*),(%d+),(.*)$')
  local split = tonumber(adminBytes)
  out[#out + 1] = {oldest + i - 1, at, action, cascade, wallets, wallet, string.sub(texts, 1, split), string.sub(texts, split + 1)}
end
return out

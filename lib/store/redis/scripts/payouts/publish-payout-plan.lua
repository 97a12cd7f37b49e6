-- uses: moderation, outbox
-- publishPayoutPlan: KEYS plan, rows, wallets, nodes, pay:plans, audit, pay:staged, then the webhooks' outbox's; ARGV id,
-- now, then the outbox's. Publishes a staged plan that holds its count of allocations and 2 * count - 1 nodes,
-- with its audit entry (appendAudit of lib/moderation.lua) and payout.created in the webhooks' outbox.
-- Returns {'published', auditId, createdBy, count, root}, {'incomplete'} or {'missing'}.
local planKey = KEYS[1]
local rowsKey = KEYS[2]
local walletsKey = KEYS[3]
local nodesKey = KEYS[4]
local plansKey = KEYS[5]
local auditKey = KEYS[6]
local stagedKey = KEYS[7]
local id = ARGV[1]
local now = ARGV[2]
local outbox = webhookOutbox(KEYS[8], ARGV[3], ARGV[4], ARGV[5])
local state, count, createdBy, root, createdAt, planJson = unpack(redis.call('HMGET', planKey, 'state', 'count', 'createdBy', 'root', 'createdAt', 'plan'))
if state ~= 'staged' then return {'missing'} end
count = tonumber(count)
if redis.call('LLEN', rowsKey) ~= count or redis.call('HLEN', walletsKey) ~= count
  or redis.call('STRLEN', nodesKey) ~= (2 * count - 1) * 32 then
  return {'incomplete'}
end
redis.call('HSET', planKey, 'state', 'published')
redis.call('ZREM', stagedKey, id)
redis.call('ZADD', plansKey, createdAt, id)
appendEvent(outbox, 'payout.created', now, function()
  local plan = cjson.decode(planJson)
  local board = plan.board == 'all' and jsonString('all') or jsonInt(plan.board)
  return jsonObject({'planId', jsonString(id), 'board', board, 'token', jsonString(plan.token), 'chainId', jsonInt(plan.chainId),
    'root', jsonString(root), 'total', jsonString(plan.total), 'count', jsonInt(count)})
end)
local auditId = appendAudit(auditKey, now, 'payout-plan', 0, count, '', createdBy, 'plan ' .. id .. ' root ' .. root)
return {'published', auditId, createdBy, count, root}

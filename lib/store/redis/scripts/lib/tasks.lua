-- uses: seasons
-- The completable tasks' points (q:tasks), credited by the check-in and a social task's first completion.

-- The keys creditTask writes besides the board, season and score: q:tasks, the wallet's q:w:<addr> and q:ledger:<addr>.
local function taskCredit(pointsKey, progressKey, ledgerKey)
  return {points = pointsKey, progress = progressKey, ledger = ledgerKey}
end

-- Credits the task's points (0 when the team set none: nothing written) through awardPoints, adds them to
-- the wallet's quest points and appends "task:<id>,points,now" to its ledger (a quest id never holds ':').
local function creditTask(task, board, season, scoreKey, wallet, taskId, now)
  local points = tonumber(redis.call('HGET', task.points, taskId) or '0')
  if points == 0 then return end
  awardPoints(board, season, scoreKey, wallet, now, points)
  redis.call('HINCRBY', task.progress, ':points', points)
  redis.call('RPUSH', task.ledger, 'task:' .. taskId .. ',' .. string.format('%d', points) .. ',' .. string.format('%d', now))
end

-- uses: analytics, outbox, signals, tasks, wallets
-- completeSocialTask: the first completion stores its time and counts, for the day and, through
-- countActive of lib/signals.lua, for the wallet's referrer, credits the task's points (creditTask) and writes
-- task.completed to the webhooks' outbox.
-- Returns {the ORIGINAL completion time, 1 when this call completed it else 0}.
local walletKey = KEYS[1]
local codesKey = KEYS[2]
local day = countingDay(KEYS[3], KEYS[4], ARGV[4], ARGV[5])
local signals = signalKeys(KEYS[5], ARGV[7], ARGV[8], ARGV[9])
local board = leaderboard(KEYS[6], KEYS[7], KEYS[8], KEYS[9])
local season = seasonBoard(KEYS[10], KEYS[11], KEYS[12], KEYS[13], ARGV[10])
local scoreKey = KEYS[14]
local task = taskCredit(KEYS[15], KEYS[16], KEYS[17])
local outbox = webhookOutbox(KEYS[18], ARGV[11], ARGV[12], ARGV[13])
local wallet = ARGV[1]
local code = ARGV[2]
local now = tonumber(ARGV[3])
local taskId = ARGV[6]

register(walletKey, codesKey, wallet, code, now, day)
local completed = redis.call('HSETNX', walletKey, taskId, string.format('%d', now))
if completed == 1 then
  countFact(day, 'task:' .. taskId)
  countActive(signals, walletKey)
  creditTask(task, board, season, scoreKey, wallet, taskId, now)
  appendEvent(outbox, 'task.completed', now, function()
    return jsonObject({'wallet', jsonString(wallet), 'task', jsonString(taskId)})
  end)
end
return {redis.call('HGET', walletKey, taskId), completed}

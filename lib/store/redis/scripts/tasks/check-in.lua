-- uses: analytics, board, credit, outbox, seasons, signals, tasks, wallets
-- checkIn: stores `now` unless a check-in happened less than `cooldown` seconds ago.
-- A check-in may count the wallet as an active referee of its referrer (countActive of lib/signals.lua)
-- and, when given a credit (`creditsPending` '1': the "checkin" rule of REFERRAL_QUALIFY), credits its
-- waiting referral with it (creditPending). A check-in credits the daily_checkin task's points (creditTask)
-- and, when the streak it makes is a length the team set a bonus at, that bonus (q:tasks 'streak:<length>').
-- A check-in less than `streakWindow` seconds after the previous one adds 1 to checkInStreak, any other
-- sets it to 1; a refused one changes nothing. A check-in writes task.completed (with its streak) to the
-- webhooks' outbox, and its credit referral.credited.
-- Returns {1, streak, referralPending, creditedReferrer} on success, {0, previousCheckIn, referralPending} on
-- cooldown; referralPending ('1' or nil) as the step leaves it, creditedReferrer nil unless this step credited.
local walletKey = KEYS[1]
local codesKey = KEYS[2]
local day = countingDay(KEYS[3], KEYS[4], ARGV[4], ARGV[5])
local signals = signalKeys(KEYS[5], ARGV[7], ARGV[8], ARGV[9])
local board = leaderboard(KEYS[6], KEYS[7], KEYS[8], KEYS[9])
local season = seasonBoard(KEYS[10], KEYS[11], KEYS[12], KEYS[13], ARGV[11])
local outbox = webhookOutbox(KEYS[20], ARGV[15], ARGV[16], ARGV[17])
local credit = referralCredit(KEYS[14], KEYS[15], KEYS[16], board, season, day, signals, ARGV[12], ARGV[13], outbox)
local task = taskCredit(KEYS[17], KEYS[18], KEYS[19])
local wallet = ARGV[1]
local code = ARGV[2]
local now = tonumber(ARGV[3])
local cooldown = tonumber(ARGV[6])
local creditsPending = ARGV[10] == '1'
local streakWindow = tonumber(ARGV[14])

register(walletKey, codesKey, wallet, code, now, day)
local last = redis.call('HGET', walletKey, 'checkInLast')
if last and now - tonumber(last) < cooldown then return {0, last, redis.call('HGET', walletKey, 'referralPending')} end
local streak = 1
if last and now - tonumber(last) < streakWindow then streak = tonumber(redis.call('HGET', walletKey, 'checkInStreak') or '0') + 1 end
redis.call('HSET', walletKey, 'checkInLast', string.format('%d', now), 'checkInStreak', string.format('%d', streak))
countFact(day, 'checkins')
countActive(signals, walletKey)
creditTask(task, board, season, credit.score, wallet, 'daily_checkin', now)
creditTask(task, board, season, credit.score, wallet, string.format('streak:%d', streak), now)
appendEvent(outbox, 'task.completed', now, function()
  return jsonObject({'wallet', jsonString(wallet), 'task', jsonString('daily_checkin'), 'streak', jsonInt(streak)})
end)
local credited = creditsPending and creditPending(credit, walletKey, wallet, now)
return {1, streak, redis.call('HGET', walletKey, 'referralPending'), credited}

-- uses: analytics, board, outbox, seasons, signals
-- Crediting a referral, at once or once the referee qualifies.

-- What crediting a referral writes besides the two wallets (creditReferral): the active referrers, the
-- score total, the day it counts on with that day's referrers, the board (with its version), the board
-- of the running season (seasonBoard, nil for none), the referrer's signals, the points the credit
-- gives each side (ReferralCredit of lib/domain/rulebook.ts, decimal strings), and the webhooks' outbox its
-- referral.credited goes to (webhookOutbox of lib/outbox.lua).
local function referralCredit(activeKey, scoreKey, referrersKey, board, season, day, signals, referrerPoints, refereePoints, outbox)
  return {active = activeKey, score = scoreKey, referrers = referrersKey, board = board, season = season,
    day = day, signals = signals, referrerPoints = tonumber(referrerPoints), refereePoints = tonumber(refereePoints), outbox = outbox}
end

-- referral.credited of a credit, with the points it gave each side.
local function appendCredited(outbox, referrer, referee, now, referrerPoints, refereePoints)
  appendEvent(outbox, 'referral.credited', now, function()
    return jsonObject({'referrer', jsonString(referrer), 'referee', jsonString(referee),
      'points', jsonObject({'referrer', jsonInt(referrerPoints), 'referee', jsonInt(refereePoints)})})
  end)
end

-- The credit of a binding, reached at `now`: what record-referral.lua gives at once, or creditPending
-- once the referee qualifies (REFERRAL_QUALIFY), so both move the same counts and write the same event.
local function creditReferral(credit, referrer, referee, now)
  redis.call('HINCRBY', credit.signals.walletKeyPrefix .. referrer, 'referralsCount', 1)
  local season = credit.season
  if season then
    redis.call('HINCRBY', season.refs, referrer, 1)
    seasonScored(season)
  end
  -- The score total counts only the points that land on the board, not on a held entry.
  local points = addPoints(credit.board, season, referrer, now, credit.referrerPoints)
    + addPoints(credit.board, season, referee, now, credit.refereePoints)
  if points > 0 then redis.call('INCRBY', credit.score, string.format('%d', points)) end
  boardChanged(credit.board)
  redis.call('SADD', credit.active, referrer)
  rankReferrer(credit.signals, referrer)
  countFact(credit.day, 'referrals')
  redis.call('ZINCRBY', credit.referrers, 1, referrer)
  counted(credit.day, credit.referrers)
  appendCredited(credit.outbox, referrer, referee, now, credit.referrerPoints, credit.refereePoints)
end

-- Credits the wallet's referral if it waits (referralPending, set by record-referral.lua). The
-- referrer's pendingReferrals goes at 0, as a record without any shows it. Returns the referrer when
-- this call credited it (the caller tells them), else false (a nil reply, also inside a reply table).
local function creditPending(credit, walletKey, wallet, now)
  local fields = redis.call('HMGET', walletKey, 'referralPending', 'referrer')
  -- A flag without a referrer (a broken import) has nothing to credit.
  if not fields[1] or not fields[2] then return false end
  local referrer = fields[2]
  local referrerKey = credit.signals.walletKeyPrefix .. referrer
  redis.call('HDEL', walletKey, 'referralPending')
  if redis.call('HINCRBY', referrerKey, 'pendingReferrals', -1) <= 0 then redis.call('HDEL', referrerKey, 'pendingReferrals') end
  creditReferral(credit, referrer, wallet, now)
  return referrer
end

-- getRefereeIndex: per pair, the referee's score in its referrer's referees index.
-- KEYS[i]: the referrer's referees zset; ARGV[i]: the referee. Returns -referredAt or false, in order.
local out = {}
for i = 1, #KEYS do
  out[i] = redis.call('ZSCORE', KEYS[i], ARGV[i]) or false
end
return out

-- uses: analytics, board, credit, outbox, seasons, signals
-- creditReferral: credits the wallet's referral if it waits for the wallet to qualify (creditPending
-- of lib/credit.lua) with the points it is given, at `now`, counted on its day and in its season, its
-- referral.credited written to the webhooks' outbox. Returns the referrer when this call
-- credited it, else nil.
local walletKey = KEYS[1]
local day = countingDay(KEYS[2], KEYS[3], ARGV[3], ARGV[4])
local signals = signalKeys(KEYS[4], ARGV[5], ARGV[6], ARGV[7])
local board = leaderboard(KEYS[5], KEYS[6], KEYS[7], KEYS[8])
local season = seasonBoard(KEYS[9], KEYS[10], KEYS[11], KEYS[12], ARGV[8])
local outbox = webhookOutbox(KEYS[16], ARGV[11], ARGV[12], ARGV[13])
local credit = referralCredit(KEYS[13], KEYS[14], KEYS[15], board, season, day, signals, ARGV[9], ARGV[10], outbox)
local wallet = ARGV[1]
local now = tonumber(ARGV[2])

return creditPending(credit, walletKey, wallet, now)

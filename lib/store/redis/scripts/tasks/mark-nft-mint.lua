-- uses: analytics, board, credit, outbox, seasons, signals, wallets
-- markNftMint: nft_mint true for good; counted the first time, for the day and, through countActive
-- of lib/signals.lua, for the wallet's referrer. When given a credit (`creditsPending` '1': the "nft_mint" rule
-- of REFERRAL_QUALIFY) it credits the wallet's waiting referral with it (creditPending), on a repeated call
-- too: nft_mint is set either way. Setting it writes task.completed to the webhooks' outbox, a credit
-- referral.credited.
-- Returns {1 when this call set nft_mint else 0, the referrer this call credited else nil}.
local walletKey = KEYS[1]
local codesKey = KEYS[2]
local day = countingDay(KEYS[3], KEYS[4], ARGV[4], ARGV[5])
local signals = signalKeys(KEYS[5], ARGV[6], ARGV[7], ARGV[8])
local board = leaderboard(KEYS[6], KEYS[7], KEYS[8], KEYS[9])
local season = seasonBoard(KEYS[10], KEYS[11], KEYS[12], KEYS[13], ARGV[10])
local outbox = webhookOutbox(KEYS[17], ARGV[13], ARGV[14], ARGV[15])
local credit = referralCredit(KEYS[14], KEYS[15], KEYS[16], board, season, day, signals, ARGV[11], ARGV[12], outbox)
local wallet = ARGV[1]
local code = ARGV[2]
local now = tonumber(ARGV[3])
local creditsPending = ARGV[9] == '1'

register(walletKey, codesKey, wallet, code, now, day)
local marked = redis.call('HSETNX', walletKey, 'nftMint', '1')
if marked == 1 then
  countFact(day, 'nft_mint')
  countActive(signals, walletKey)
  appendEvent(outbox, 'task.completed', now, function()
    return jsonObject({'wallet', jsonString(wallet), 'task', jsonString('nft_mint')})
  end)
end
return {marked, creditsPending and creditPending(credit, walletKey, wallet, now)}

-- uses: analytics, board
-- Registration of a wallet, the owner of a code, and what the request path reads of a wallet.

-- Makes a wallet known: createdAt set once, counted as a new wallet of the day; its refCode claimed
-- unless an earlier wallet owns it. Returns 1 when this call made the wallet known, and the owner of its code.
local function register(walletKey, codesKey, wallet, code, now, day)
  local isNew = redis.call('HSETNX', walletKey, 'createdAt', string.format('%d', now))
  if isNew == 1 then countFact(day, 'wallets') end
  redis.call('HSETNX', codesKey, code, wallet)
  return isNew, redis.call('HGET', codesKey, code)
end

-- The wallet that owns `code`; else false and why: 'miss' when the index is complete and lacks the
-- code, 'no-index' when the index itself is missing (the caller rebuilds it, then runs the script again).
local function ownerOfCode(codesKey, code, completeField)
  local owner = redis.call('HGET', codesKey, code)
  if owner then return owner end
  if redis.call('HEXISTS', codesKey, completeField) == 1 then return false, 'miss' end
  return false, 'no-index'
end

-- What the request path reads of one wallet: {referrer, referralsCount, checkInLast, nftMint, referralPending,
-- pendingReferrals, score, linked fid, <completion time of each of taskIds>}, nil where unset, score 0 without
-- an entry (a held entry counts).
local function walletState(walletKey, linkedFidsKey, board, wallet, taskIds)
  local out = redis.call('HMGET', walletKey, 'referrer', 'referralsCount', 'checkInLast', 'nftMint', 'referralPending', 'pendingReferrals')
  local stored = redis.call('ZSCORE', placeOf(board, wallet), wallet)
  out[#out + 1] = stored and scoreOf(stored) or 0
  out[#out + 1] = redis.call('HGET', linkedFidsKey, wallet)
  local times = redis.call('HMGET', walletKey, unpack(taskIds))
  for i = 1, #taskIds do out[#out + 1] = times[i] end
  return out
end

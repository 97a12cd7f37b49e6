-- uses: board
-- The season boards: the one a scoring script writes, and every one disqualify and reinstate move entries on.

-- The board of the season a scoring script runs in (keys.ts lb:s:<n>, lb:held:s:<n>, lb:refs:s:<n>), with
-- lb:seasons, the highest season scored in; nil for season 0 (seasons off, or before the first): then no
-- season key is written.
local function seasonBoard(lbKey, heldKey, refsKey, lastKey, number)
  local season = tonumber(number)
  if season == 0 then return nil end
  return {lb = lbKey, held = heldKey, refs = refsKey, last = lastKey, number = season}
end

-- Every season board a wallet may have entries on, as disqualify and reinstate move them: seasons 1 .. the
-- later of `current` (the season of the call's now, 0 for none) and lb:seasons, each season's board and
-- held side named by the prefixes (keys.ts lb:s:<n>, lb:held:s:<n>).
local function seasonBoards(lastKey, current, lbPrefix, heldPrefix)
  local last = math.max(tonumber(current), tonumber(redis.call('GET', lastKey)) or 0)
  return {last = last, lbPrefix = lbPrefix, heldPrefix = heldPrefix}
end

-- Moves the wallet's entry on every season board to its held side (`toHeld`) or back, composites unchanged.
local function moveSeasonEntries(seasons, wallet, toHeld)
  for season = 1, seasons.last do
    local lbKey = string.format('%s%d', seasons.lbPrefix, season)
    local heldKey = string.format('%s%d', seasons.heldPrefix, season)
    if toHeld then moveEntry(lbKey, heldKey, wallet) else moveEntry(heldKey, lbKey, wallet) end
  end
end

-- After a write to the running season's board (nil: none): lb:seasons, the highest season scored in,
-- reaches it, so that disqualify and reinstate walk that season's board too.
local function seasonScored(season)
  if season and (tonumber(redis.call('GET', season.last)) or 0) < season.number then
    redis.call('SET', season.last, string.format('%d', season.number))
  end
end

-- `points` for one wallet, reached at `now` (addPoints: its entry, held or not, and the running season's),
-- with what goes with them: the score total grows by what landed on the board, the board version moves
-- and lb:seasons follows. Any step that gives points other than a referral's calls this; 0 writes nothing.
local function awardPoints(board, season, scoreKey, wallet, now, points)
  if points == 0 then return end
  local landed = addPoints(board, season, wallet, now, points)
  if landed > 0 then redis.call('INCRBY', scoreKey, string.format('%d', landed)) end
  boardChanged(board)
  seasonScored(season)
end

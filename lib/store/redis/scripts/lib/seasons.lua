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

-- uses: quests
-- createQuest: adds the quest unless its id is taken or the catalog holds `maxQuests`. Returns {outcome, version}.
local versionKey = KEYS[1]
local orderKey = KEYS[2]
local catalogKey = KEYS[3]
local id = ARGV[1]
local json = ARGV[2]
local maxQuests = tonumber(ARGV[3])

if redis.call('HEXISTS', catalogKey, id) == 1 then return {'exists', redis.call('GET', versionKey) or '0'} end
if redis.call('HLEN', catalogKey) >= maxQuests then return {'full', redis.call('GET', versionKey) or '0'} end
return {'created', putQuest(versionKey, orderKey, catalogKey, id, json)}

-- uses: quests
-- replaceQuest: replaces the quest of that id if the catalog is still at `catalogVersion`. Returns {outcome, version}.
local versionKey = KEYS[1]
local orderKey = KEYS[2]
local catalogKey = KEYS[3]
local id = ARGV[1]
local json = ARGV[2]
local catalogVersion = ARGV[3]

local version = redis.call('GET', versionKey) or '0'
if version ~= catalogVersion then return {'stale', version} end
if redis.call('HEXISTS', catalogKey, id) == 0 then return {'missing', version} end
return {'replaced', putQuest(versionKey, orderKey, catalogKey, id, json)}

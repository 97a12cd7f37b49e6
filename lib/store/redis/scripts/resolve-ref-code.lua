-- resolveRefCode: {'owner', wallet}; {'miss'} when the index is complete and lacks the code;
-- {'no-index'} when the index itself is missing (the caller rebuilds it, then asks again).
local codesKey = KEYS[1]
local code = ARGV[1]
local completeField = ARGV[2]

local owner = redis.call('HGET', codesKey, code)
if owner then return {'owner', owner} end
if redis.call('HEXISTS', codesKey, completeField) == 1 then return {'miss'} end
return {'no-index'}

-- uses: wallets
-- resolveRefCode: {'owner', wallet}; {'miss'} when the index is complete and lacks the code;
-- {'no-index'} when the index itself is missing (the caller rebuilds it, then asks again).
local codesKey = KEYS[1]
local code = ARGV[1]
local completeField = ARGV[2]

local owner, missing = ownerOfCode(codesKey, code, completeField)
if owner then return {'owner', owner} end
return {missing}

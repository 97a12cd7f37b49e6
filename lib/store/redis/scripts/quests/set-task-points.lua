-- uses: quests
-- setTaskPoints: replaces the tasks' points with the pairs of ARGV (taskId, points) and moves the version.
-- Returns {'set', version}.
local versionKey = KEYS[1]
local taskPointsKey = KEYS[2]

putTaskPoints(taskPointsKey, 1, #ARGV / 2)
return {'set', string.format('%d', redis.call('INCR', versionKey))}

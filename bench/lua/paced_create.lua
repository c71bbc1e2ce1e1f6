-- create.lua at a pace: each connection waits PACE ms before each request (the writer beside the mixed traffic).
-- Arguments after "--": those of create.lua, then PACE.
dofile("bench/lua/create.lua")
local createInit, pace = init, 100

function init(args)
  createInit(args)
  pace = tonumber(args[6])
end

function delay()
  return pace
end

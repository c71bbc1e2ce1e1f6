-- create.lua at a rate: one request every PACE ms in all, on a schedule of the monotonic clock (the writer beside the
-- mixed traffic). Each request takes the next slot of the schedule, whatever the last one's latency, so that the
-- rate holds while creates take longer; run it with a few connections (-c4) so that a slow create does not hold the
-- next slot back. A writer that waited PACE ms after each answer wrote 9 events a second at 10 000 events and 5 at a
-- million, where 10 were meant.
-- Arguments after "--": those of create.lua, then PACE.
dofile("bench/lua/create.lua")
local createInit, pace, due = init, 100, nil
local ffi = require("ffi")
ffi.cdef [[
  typedef struct { long tv_sec; long tv_nsec; } agenda_timespec;
  int clock_gettime(int clock, agenda_timespec *at);
]]
local clock = ffi.new("agenda_timespec")

local function now()
  ffi.C.clock_gettime(1, clock) -- CLOCK_MONOTONIC
  return tonumber(clock.tv_sec) * 1000 + tonumber(clock.tv_nsec) / 1e6
end

function init(args)
  createInit(args)
  pace = tonumber(args[6])
end

function delay()
  local at = now()
  -- a writer that fell behind catches up by at most a second of slots, not in one burst of all it missed
  due = due == nil and at or math.max(due + pace, at - 1000)
  return math.max(0, math.floor(due - at))
end

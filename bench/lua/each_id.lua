-- The by-id warm-up: asks for the ids of a file in order, from a given line on (wrapping around), and prints
-- how many answers came back, so that the next run of wrk goes on from there. Random ids alone reach every id
-- only after about n·ln(n) requests. Arguments after "--": the ids file, the path before the id, the first
-- line (0-based).
local ids, before, next_index = {}, "", 0

function init(args)
  for line in io.lines(args[1]) do
    if line ~= "" then ids[#ids + 1] = line end
  end
  before, next_index = args[2], tonumber(args[3])
end

function request()
  local id = ids[next_index % #ids + 1]
  next_index = next_index + 1
  return wrk.format("GET", before .. id)
end

function done(summary, latency, requests)
  io.write(string.format("answered %d\n", summary.requests))
end

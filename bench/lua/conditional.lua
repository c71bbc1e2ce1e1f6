-- GET with "If-None-Match: TAG" (the argument after "--"), the request of a cache in front whose copy is current:
-- every answer should be 304 with no body. Prints "unexpected N": the answers that were not 304.
local tag
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  tag = args[1]
  unexpected = 0
end

function request()
  return wrk.format("GET", nil, { ["If-None-Match"] = tag })
end

function response(status, headers, body)
  if status ~= 304 then unexpected = unexpected + 1 end
end

function done(summary, latency, requests)
  local total = 0
  for _, thread in ipairs(threads) do total = total + thread:get("unexpected") end
  io.write(string.format("unexpected %d\n", total))
end

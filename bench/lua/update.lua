-- PATCH /cal/events/v1/events/{random id} changing the title only (a partial update), Basic authentication.
-- Arguments after "--": a file with one id per line, base64 of "user:password", a run tag.
local ids, headers, tag = {}, {}, ""
local n = 0

function init(args)
  for line in io.lines(args[1]) do
    if line ~= "" then ids[#ids + 1] = line end
  end
  headers["Authorization"] = "Basic " .. args[2]
  headers["Content-Type"] = "application/json"
  tag = args[3]
  math.randomseed(11)
end

function request()
  n = n + 1
  local body = string.format('{"title":"Bench update %s %d"}', tag, n)
  return wrk.format("PATCH", "/cal/events/v1/events/" .. ids[math.random(#ids)], headers, body)
end

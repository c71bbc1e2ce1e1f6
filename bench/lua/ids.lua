-- GET of a random id per request. Arguments after "--": a file with one id per line, the path before the
-- id and the path after it, e.g. "ids.txt /cal/events/v1/events/ ''" or "ids.txt /r/event- .json".
local ids, before, after = {}, "", ""

function init(args)
  for line in io.lines(args[1]) do
    if line ~= "" then ids[#ids + 1] = line end
  end
  before, after = args[2], args[3] or ""
  math.randomseed(9)
end

function request()
  return wrk.format("GET", before .. ids[math.random(#ids)] .. after)
end

-- GET of a random id per request. Arguments after "--": a file with one id per line, the path before the
-- id and the path after it, e.g. "ids.txt /cal/events/v1/events/ ''" or "ids.txt /r/event- .json", and
-- optionally base64 of "user:password" for Basic authentication.
local ids, before, after, headers = {}, "", "", {}

function init(args)
  for line in io.lines(args[1]) do
    if line ~= "" then ids[#ids + 1] = line end
  end
  before, after = args[2], args[3] or ""
  if args[4] and args[4] ~= "" then headers["Authorization"] = "Basic " .. args[4] end
  math.randomseed(9)
end

function request()
  return wrk.format("GET", before .. ids[math.random(#ids)] .. after, headers)
end

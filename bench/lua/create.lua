-- POST /cal/events/v1/events with Basic authentication; every body has a unique title.
-- Arguments after "--": base64 of "user:password", a run tag, a venue id, a category id, a tag id.
local headers, tag, venue, category, term = {}, "", "", "", ""
local n = 0

function init(args)
  headers["Authorization"] = "Basic " .. args[1]
  headers["Content-Type"] = "application/json"
  tag, venue, category, term = args[2], args[3], args[4], args[5]
end

function request()
  n = n + 1
  local body = string.format(
    '{"title":"Bench %s %d","description":"<p>Gemeten met wrk, verzoek %d.</p>",' ..
    '"start_date":"+%d days 20:00","end_date":"+%d days 22:00","cost":"12",' ..
    '"venue":%s,"categories":[%s],"tags":[%s]}', tag, n, n, n % 300 + 1, n % 300 + 1, venue, category, term)
  return wrk.format("POST", "/cal/events/v1/events", headers, body)
end

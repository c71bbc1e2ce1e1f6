-- Visitors browsing freely (issue #21): each request is one of QUESTIONS list questions (some coincide: 300 000
-- give about 120 000 distinct ones), drawn with a skew (question r is asked with a probability proportional to 1/r: the ten most popular take a fifth of the
-- traffic, and most questions are asked once or never), so that the answer cache helps as much as it would
-- on a real site and no more.
-- Arguments after "--": the API path ("/cal/events/v1"), a vocabulary file written by run.sh (lines
-- "total6 N": events in the six-year window; "from3 DATE" and "to3 DATE": that window; "category ID",
-- "tag ID", "venue ID"; "word LANG WORD": a word of the titles in that language), the number of questions
-- (default 300000) and the seed of the order in which they are asked (default 1).
-- A question is a language (none, /fr, /en), a page size (default, 20, 50) and one of: a page of the
-- six-year window; a window of 1 to 60 days from a day in the next two years; a category, a tag, a venue
-- or a search word, alone or in a window of 30 days.
-- It prints the number of distinct questions (population) and how many of them were asked.

-- globals, read by done() through thread:get
population, asked_count = 0, 0
local urls, asked = {}, {}
local QUESTIONS, SEED = 300000, 1

local function pick(list, u) return list[math.floor(u * #list) + 1] end

function init(args)
  local api, vocabulary = args[1], args[2]
  QUESTIONS = tonumber(args[3] or "300000")
  SEED = tonumber(args[4] or "1")
  local total6, from3, to3 = 0, "", ""
  local categories, tags, venues, words = {}, {}, {}, { [""] = {}, fr = {}, en = {} }
  for line in io.lines(vocabulary) do
    local key, a, b = line:match("^(%S+)%s+(%S+)%s*(.*)$")
    if key == "total6" then total6 = tonumber(a)
    elseif key == "from3" then from3 = a
    elseif key == "to3" then to3 = a
    elseif key == "category" then categories[#categories + 1] = a
    elseif key == "tag" then tags[#tags + 1] = a
    elseif key == "venue" then venues[#venues + 1] = a
    elseif key == "word" then
      local list = words[a == "nl" and "" or a]
      if list then list[#list + 1] = b end
    end
  end
  local days = {}
  for d = 0, 800 do days[d] = os.date("!%Y-%m-%d", os.time() + d * 86400) end

  -- the same questions in every run (seed 1); the seed argument only changes the order they are asked in
  math.randomseed(1)
  local u = math.random
  local distinct = {}
  for r = 1, QUESTIONS do
    local language = u() < 0.7 and "" or (u() < 0.5 and "fr" or "en")
    local size = u()
    -- not `size < 0.5 and nil or …`: Lua's `and nil or x` is always x, and until stop 64 no question asked the
    -- default page size (three in four asked 20, one in four 50)
    local perPage = nil
    if size >= 0.5 then perPage = size < 0.75 and 20 or 50 end
    local kind, q = u(), nil
    local function window(length) -- from a day in the next two years, for `length` more days
      local first = math.floor(u() * 730)
      return "start_date=" .. days[first] .. "&end_date=" .. days[first + length]
    end
    local function sometimesInWindow(q)
      if u() < 0.5 then return q end
      return q .. "&" .. window(30)
    end
    if kind < 0.15 then
      local pages = math.max(1, math.ceil(total6 / (perPage or 12))) -- 12: the default page size (API.md §6)
      q = "start_date=" .. from3 .. "&end_date=" .. to3 .. "&page=" .. (math.floor(u() * pages) + 1)
    elseif kind < 0.40 then
      q = window(pick({ 0, 1, 2, 6, 13, 29, 30, 59 }, u()))
    elseif kind < 0.60 and #categories > 0 then
      q = sometimesInWindow("categories=" .. pick(categories, u()))
    elseif kind < 0.75 and #tags > 0 then
      q = sometimesInWindow("tags=" .. pick(tags, u()))
    elseif kind < 0.85 and #venues > 0 then
      q = sometimesInWindow("venue=" .. pick(venues, u()))
    else
      local list = #words[language] > 0 and words[language] or words[""]
      q = sometimesInWindow("search=" .. pick(list, u()))
    end
    if perPage then q = q .. "&per_page=" .. perPage end
    local url = (language == "" and "" or "/" .. language) .. api .. "/events?" .. q
    urls[r] = url
    if not distinct[url] then distinct[url] = true; population = population + 1 end
  end
  math.randomseed(SEED)
end

function request()
  -- (QUESTIONS + 1)^u for u uniform in [0, 1): P(r) ~ 1/r over 1 .. QUESTIONS
  local r = math.floor((QUESTIONS + 1) ^ math.random())
  if r > QUESTIONS then r = QUESTIONS end
  local url = urls[r]
  if not asked[url] then asked[url] = true; asked_count = asked_count + 1 end
  return wrk.format("GET", url)
end

local threads = {}
function setup(thread) table.insert(threads, thread) end

function done()
  local population_, asked_ = 0, 0
  for _, thread in ipairs(threads) do
    population_ = thread:get("population")
    asked_ = asked_ + thread:get("asked_count")
  end
  io.write(string.format("population %d\nasked %d\n", population_, asked_))
end

#!/usr/bin/env bash
# Benchmark suite (issue #9). For each database: builds the jar, generates or reuses a data set of N events
# (bench/data/, through the service's REST interface: `bench/generate.sh` on SQLite; PostgreSQL gets a
# row-for-row copy of that SQLite data set, `agenda.jar copy`, so both hold the same data), measures the start time on an
# empty and on the generated database, warms up, then measures every route with `wrk -t1 -c32 --latency` on
# loopback (bounded: SECONDS per route) and the same bytes served by nginx as static files (the ceiling).
# Writes bench/results/<db>-<N>.{tsv,meta}, then bench/RESULTS.md and its SVG chart (bench/report.py).
#
# Usage: bench/run.sh [--db sqlite|postgres|both] [--events N] [--seconds S] [--warmup S] [--seed S] [--series P]
#        bench/run.sh [N] [S]                      (the old positional form)
#   --series P: a data set of its own (<db>-<N>-s<seed>-seriesP) where P % of the N events are weekly series over a
#   year, each with its 51 later occurrences (issue 24).
# Environment: BENCH_JVM_OPTS (default "-Xmx256m -XX:+UseSerialGC"), BENCH_PORT (18181),
#   BENCH_NGINX_PORT (18182), BENCH_PG (psql connection, default "-h 127.0.0.1 -U postgres"),
#   BENCH_PG_JDBC (default jdbc:postgresql://127.0.0.1:5432/), BENCH_PG_USER (postgres),
#   BENCH_SKIP_BUILD=1 (use target/agenda.jar and target/test-classes as they are), BENCH_GEN_THREADS (4 threads
#   of requests for bench/generate.sh; on two cores 4 were faster than 1 and than 8),
#   BENCH_CDS=0 (start the server without the class-data archive target/agenda.jsa),
#   BENCH_WARMUP_IDS (900: the longest the warm-up may take to ask for every event id once),
#   BENCH_WRITE_WARMUP (20: seconds of creates, and of updates, before each write route is measured),
#   BENCH_MIXED_QUESTIONS (300000 list questions, about 120 000 of them distinct, for the mixed-traffic route),
#   BENCH_MIXED_WARMUP (90: seconds of the mixed-traffic route, its writer included, before it is measured; 15 s more
#   at a time while the JIT compiler threads used over a tenth of a core, up to BENCH_MIXED_WARMUP_MAX, 900, in all);
#   the mixed-traffic route is measured on 32 connections, then on 256.
# The working database of a run is a copy of the generated one (the write routes add events), so the
# generated data set stays as generated and is reused by the next run. Delete bench/data/<db>-<N>-s<seed>.*
# (and, for PostgreSQL, the database agenda_bench_<N>_s<seed>) to generate it again.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

DB=both EVENTS=10000 SECONDS_PER_ROUTE=10 WARMUP=3 SEED=1 SERIES=0
positional=0
while [ $# -gt 0 ]; do
  case "$1" in
    --db) DB=$2; shift 2 ;;
    --events) EVENTS=$2; shift 2 ;;
    --seconds) SECONDS_PER_ROUTE=$2; shift 2 ;;
    --warmup) WARMUP=$2; shift 2 ;;
    --seed) SEED=$2; shift 2 ;;
    --series) SERIES=$2; shift 2 ;;
    -h|--help) sed -n '2,27p' "$0"; exit 0 ;;
    [0-9]*) if [ $positional = 0 ]; then EVENTS=$1; else SECONDS_PER_ROUTE=$1; fi; positional=$((positional + 1)); shift ;;
    *) echo "unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
# a data set whose events are partly weekly series (issue 24) is a set of its own
SET=''
[ "$SERIES" != 0 ] && SET="-series$SERIES"
case "$DB" in sqlite) dbs=(sqlite) ;; postgres) dbs=(postgres) ;; both) dbs=(sqlite postgres) ;;
  *) echo "--db must be sqlite, postgres or both" >&2; exit 2 ;; esac
JVM_OPTS=${BENCH_JVM_OPTS:--Xmx256m -XX:+UseSerialGC}
PORT=${BENCH_PORT:-18181}
NGINX_PORT=${BENCH_NGINX_PORT:-18182}
read -r -a PSQL_CONN <<< "${BENCH_PG:--h 127.0.0.1 -U postgres}"
PG_JDBC=${BENCH_PG_JDBC:-jdbc:postgresql://127.0.0.1:5432/}
PG_USER=${BENCH_PG_USER:-postgres}
GEN_THREADS=${BENCH_GEN_THREADS:-4}
WARMUP_IDS=${BENCH_WARMUP_IDS:-900}
WRITE_WARMUP=${BENCH_WRITE_WARMUP:-20}
CDS=${BENCH_CDS:-1}
MIXED_QUESTIONS=${BENCH_MIXED_QUESTIONS:-300000}
MIXED_WARMUP=${BENCH_MIXED_WARMUP:-90}
MIXED_WARMUP_MAX=${BENCH_MIXED_WARMUP_MAX:-900}
MIXED_WARMED=0
CLK_TCK=$(getconf CLK_TCK)
JAR=$root/target/agenda.jar
source "$root/bench/compiler_cpu.sh"

log() { printf '[bench %s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

# --- tools -------------------------------------------------------------------------------------------------
missing=()
command -v wrk >/dev/null || missing+=(wrk)
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || missing+=(nginx-light)
if [ ${#missing[@]} -gt 0 ]; then
  log "installing ${missing[*]}"
  apt-get install -y "${missing[@]}" >/dev/null || { apt-get update >/dev/null && apt-get install -y "${missing[@]}" >/dev/null; }
fi
NGINX=$(command -v nginx || echo /usr/sbin/nginx)
for tool in curl python3 java; do command -v $tool >/dev/null || { echo "$tool is needed" >&2; exit 1; }; done
if [ "${BENCH_SKIP_BUILD:-0}" != 1 ]; then
  log "building target/agenda.jar (and target/test-classes, for bench/generate.sh)"
  mvn -B -q -DskipTests package
fi

work=$(mktemp -d /tmp/agenda-bench.XXXXXX)
server='' nginx_pid=''
cleanup() {
  [ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null
  [ -n "$nginx_pid" ] && kill "$nginx_pid" 2>/dev/null && wait "$nginx_pid" 2>/dev/null
  rm -rf "$work"
  return 0
}
trap cleanup EXIT
mkdir -p bench/data bench/results

psql_do() { psql "${PSQL_CONN[@]}" -v ON_ERROR_STOP=1 -qAt -d postgres -c "$1"; }

db_url() { # db, name → JDBC URL of that database
  if [ "$1" = sqlite ]; then echo "jdbc:sqlite:$2"; else echo "$PG_JDBC$2"; fi
}

db_env() { # db, name → environment assignments for the jar
  echo "AGENDA_DB_URL=$(db_url "$1" "$2")"
  [ "$1" = postgres ] && echo "AGENDA_DB_USER=$PG_USER" && echo "AGENDA_INDEX=$(pg_index "$2")"
  return 0
}

# The event index of a PostgreSQL database (on SQLite it is the database file's -index sibling, its default place)
pg_index() { echo "$root/bench/data/index-$1"; }

# --- the server --------------------------------------------------------------------------------------------
start_agenda() { # db, database → sets $server and $start_ms (launch until the first 200 of GET /health)
  local t0 code
  t0=$(date +%s%N)
  env $(db_env "$1" "$2") AGENDA_PORT=$PORT AGENDA_LOG_FORMAT=text java $JVM_OPTS -jar "$JAR" > "$work/server.log" 2>&1 &
  server=$!
  for _ in $(seq 1 2400); do
    code=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$PORT/health" || true)
    [ "$code" = 200 ] && break
    kill -0 "$server" 2>/dev/null || { cat "$work/server.log" >&2; echo "the server stopped" >&2; exit 1; }
    sleep 0.05
  done
  [ "$code" = 200 ] || { echo "no 200 from /health within 120 s" >&2; exit 1; }
  start_ms=$(( ($(date +%s%N) - t0) / 1000000 ))
}

stop_agenda() {
  kill "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  server=''
}

# --- class-data sharing ------------------------------------------------------------------------------------
# Loading, parsing and verifying the ~6 000 classes a start needs from the jar is about half of the start time
# (issue #9). A dynamic AppCDS archive, written by one run of the service and mapped by the later ones, takes
# most of that off. It belongs to one build of the jar: the JVM checks the jar's path, size and time and starts
# without the archive when they differ, so it is written again whenever the jar is newer. It is written on
# SQLite; a PostgreSQL start loads the classes of its driver from the jar as before.
ARCHIVE=$root/target/agenda.jsa
write_archive() {
  local pid code
  log "writing the class-data archive target/agenda.jsa"
  rm -f "$ARCHIVE"
  AGENDA_DB_URL="jdbc:sqlite:$work/archive.db" AGENDA_PORT=$PORT AGENDA_LOG_FORMAT=text \
    java $JVM_OPTS -XX:ArchiveClassesAtExit="$ARCHIVE" -jar "$JAR" > "$work/archive.log" 2>&1 &
  pid=$!
  for _ in $(seq 1 2400); do
    code=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$PORT/health" || true)
    [ "$code" = 200 ] && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.05
  done
  # A few reads too, so that the classes of answering a request are in the archive as well.
  for path in / /cal/events/v1 /cal/events/v1/events /cal/events/v1/venues /cal/events/v1/categories; do
    curl -s -o /dev/null "http://127.0.0.1:$PORT$path" || true
  done
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  rm -rf "$work"/archive.db*
  if [ ! -s "$ARCHIVE" ]; then cat "$work/archive.log" >&2; log "no archive written; starting without it"; fi
}
if [ "$CDS" = 1 ]; then
  if [ ! -s "$ARCHIVE" ] || [ "$JAR" -nt "$ARCHIVE" ]; then write_archive; fi
  if [ -s "$ARCHIVE" ]; then JVM_OPTS="$JVM_OPTS -XX:SharedArchiveFile=$ARCHIVE"; fi
fi

# built_ms BASE PATH → the median time of 5 sequential signed-in requests (never answer-cached: what building
# the answer costs, one at a time); {id} is replaced by ids of the sample
built_ms() {
  local times=() id
  for n in 1 2 3 4 5; do
    id=$(sed -n "$((n * 7))p" "$sample")
    times+=("$(curl -s -o /dev/null -w '%{time_total}' -H "Authorization: Basic $auth" "$1${2/\{id\}/$id}")")
  done
  printf '%s\n' "${times[@]}" | sort -n | sed -n 3p | awk '{ printf "%.2f", $1 * 1000 }'
}

# the by-id routes: route 0 anonymous (answers cached), route 1 signed in (every answer built)
by_id_auth() { if [ "$1" = 1 ]; then echo "$auth"; fi; }

cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
rss_kb() { ps -o rss= -p "$1" | tr -d ' '; }

# --- wrk ---------------------------------------------------------------------------------------------------
# [CONNECTIONS=C] run_wrk NAME URL [LUA-SCRIPT [script arguments...]]   (C: 32 unless given)
#   → TSV fields: rps p50_ms p99_ms requests non2xx socket_errors wrk_cpu_pct
run_wrk() {
  local out=$work/wrk-$1.txt url=$2 script=()
  shift 2
  if [ $# -gt 0 ]; then script=(-s "$1"); shift; fi
  TIMEFORMAT='%U %S'
  { time wrk -t1 -c"${CONNECTIONS:-32}" -d"${SECONDS_PER_ROUTE}s" --timeout 10s --latency "${script[@]}" "$url" -- "$@" > "$out"; } 2> "$out.time"
  awk -v secs="$SECONDS_PER_ROUTE" -v timefile="$out.time" '
    function ms(v) {
      if (v ~ /us$/) return substr(v, 1, length(v) - 2) / 1000
      if (v ~ /ms$/) return substr(v, 1, length(v) - 2) + 0
      if (v ~ /m$/) return substr(v, 1, length(v) - 1) * 60000
      if (v ~ /s$/) return substr(v, 1, length(v) - 1) * 1000
      return v + 0
    }
    /Requests\/sec/ { rps = $2 }
    /^ +50%/ { p50 = ms($2) }
    /^ +99%/ { p99 = ms($2) }
    / requests in / { requests = $1 }
    /Non-2xx or 3xx responses/ { non2xx = $NF }
    /Socket errors/ { gsub(/,/, ""); errors = $4 + $6 + $8 + $10 }
    END {
      getline cpu < timefile; split(cpu, c, " ")
      printf "%.1f\t%.3f\t%.3f\t%d\t%d\t%d\t%.0f\n", rps, p50, p99, requests, non2xx + 0, errors + 0, (c[1] + c[2]) / secs * 100
    }' "$out"
}

# mixed_route CONNECTIONS LABEL SEED: the mixed-traffic route (bench/lua/mixed.lua, the questions drawn with SEED) on
# that many connections while its writer creates an event every 100 ms, with bench_db's variables; appends its row to
# the TSV and writes its facts (questions asked, creates, the most threads the server had) to $work/mixed-C.facts.
mixed_route() {
  local connections=$1 label=$2 seed=$3
  local writer_out=$work/wrk-mixed$connections-writer.txt threads=$work/threads-$connections.txt
  wrk -t1 -c4 -d"${SECONDS_PER_ROUTE}s" -s bench/lua/paced_create.lua "$base" -- "$auth" "$run_tag-mixed$connections" \
    "$venue" "$category" "$term" 100 > "$writer_out" &
  local writer=$!
  (while kill -0 "$writer" 2>/dev/null; do ls "/proc/$server/task" | wc -l; sleep 0.2; done > "$threads") &
  local sampler=$! before after fields cpu
  before=$(cpu_ticks "$server")
  fields=$(CONNECTIONS=$connections run_wrk "amixed$connections" "$base" bench/lua/mixed.lua "$api" "$vocabulary" \
    "$MIXED_QUESTIONS" "$seed")
  after=$(cpu_ticks "$server")
  wait "$writer" "$sampler"
  cpu=$(awk -v t=$((after - before)) -v hz="$CLK_TCK" -v s="$SECONDS_PER_ROUTE" 'BEGIN { printf "%.0f", t / hz / s * 100 }')
  local rps p50 p99 requests non2xx errors wrk_cpu
  IFS=$'\t' read -r rps p50 p99 requests non2xx errors wrk_cpu <<< "$fields"
  printf '%s\tmixed\t%s\t\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t\t\t\t\t\n' "$label" "$api/events?…" "$rps" "$p50" "$p99" \
    "$requests" "$non2xx" "$errors" "$wrk_cpu" "$cpu" >> "$tsv"
  {
    awk '/^population/ { print "population=" $2 } /^asked/ { print "asked=" $2 }' "$work/wrk-amixed$connections.txt"
    awk '/ requests in / { print "writes=" $1 }' "$writer_out"
    awk '/Non-2xx/ { n += $NF } /Socket errors/ { gsub(/,/, ""); n += $4 + $6 + $8 + $10 } END { print "writer_errors=" n + 0 }' \
      "$writer_out"
    echo "threads_max=$(sort -n "$threads" | tail -1)"
  } > "$work/mixed-$connections.facts"
}

# --- one database ------------------------------------------------------------------------------------------
bench_db() {
  local db=$1 name="$1-$EVENTS-s$SEED$SET"
  local data=bench/data/$name database ids=bench/data/$name.ids load_before
  load_before=$(cut -d' ' -f1-3 /proc/loadavg)
  if [ "$db" = sqlite ]; then database=$root/$data.db; else database="agenda_bench_${EVENTS}_s${SEED}${SET//-/_}"; fi

  # 1. the data set: generated once on SQLite (resumable), copied once to PostgreSQL, then reused
  if [ ! -f "$data.gen" ] || [ ! -s "$ids" ]; then
    local sqlite_data=bench/data/sqlite-$EVENTS-s$SEED$SET
    if [ ! -f "$sqlite_data.gen" ] || [ ! -s "$sqlite_data.ids" ]; then
      log "sqlite: generating $EVENTS events (seed $SEED) into $root/$sqlite_data.db"
      # built above (or BENCH_SKIP_BUILD=1); generate.sh runs from its own copy of the jar and the test classes: a
      # build during the hours a million events take would otherwise replace the classes under the running generator
      env $(db_env sqlite "$root/$sqlite_data.db") BENCH_SKIP_BUILD=1 bench/generate.sh "$EVENTS" --seed "$SEED" --series "$SERIES" \
        --threads "$GEN_THREADS" --ids "$sqlite_data.ids" | tee "$sqlite_data.gen.log" >&2
      grep '^generated ' "$sqlite_data.gen.log" | tail -1 > "$sqlite_data.gen"
    fi
    if [ "$db" = postgres ]; then
      log "postgres: copying the SQLite data set into $database"
      psql_do "drop database if exists $database" && psql_do "create database $database"
      local copied_at
      copied_at=$(date +%s)
      env $(db_env sqlite "$root/$sqlite_data.db") java -Xmx1g -jar "$JAR" copy "$(db_url postgres "$database")" \
        --user "$PG_USER" | tee "$data.copy.log" >&2
      # A production database has autovacuum's statistics; a freshly filled one may not have them yet, and
      # without them PostgreSQL plans index lookups as scans. The working copies inherit them.
      psql "${PSQL_CONN[@]}" -qAt -d "$database" -c "analyze"
      cp "$sqlite_data.ids" "$ids"
      echo "$(cat "$sqlite_data.gen") copied_seconds=$(( $(date +%s) - copied_at ))" \
        "db_bytes=$(psql_do "select pg_database_size('$database')")" > "$data.gen"
    fi
  else
    log "$db: reusing the data set $name ($(cut -d' ' -f2- "$data.gen"))"
  fi

  # A data set made by an older build gets this build's migrations here, once, like a production database
  # upgraded once: the start measured below is a start, not an upgrade (an index built over a million events).
  env $(db_env "$db" "$database") java -jar "$JAR" user list > /dev/null
  # Its event index is built once too, by a start on it, and copied with it (a production index lives on disk).
  start_agenda "$db" "$database"
  if grep -q 'Building the event index in the background' "$work/server.log"; then
    log "$db: building the event index of the data set"
    until grep -q 'Built the event index\|Could not build the event index' "$work/server.log"; do sleep 2; done
  fi
  stop_agenda

  # 2. a working copy (the write routes add events) and an empty database
  local copy empty
  if [ "$db" = sqlite ]; then
    copy=$work/bench.db empty=$work/empty.db
    cp "$database" "$copy"
    [ -f "$database-wal" ] && cp "$database-wal" "$copy-wal"
    cp -r "$database-index" "$copy-index"
  else
    copy=agenda_bench_run empty=agenda_bench_empty
    psql_do "drop database if exists $copy" && psql_do "create database $copy template $database"
    rm -rf "$(pg_index $copy)" "$(pg_index $empty)" && cp -r "$(pg_index "$database")" "$(pg_index $copy)"
    psql_do "drop database if exists $empty" && psql_do "create database $empty"
  fi

  # Three starts, each on a new empty database; the median is reported (one start alone varied by 0.9 s
  # between runs: the first start after copying a data set reads the jar from a cold file cache).
  log "$db: start time on an empty database (3 starts)"
  local start_empty_all=()
  for _ in 1 2 3; do
    if [ "$db" = sqlite ]; then rm -rf "$empty" "$empty-wal" "$empty-shm" "$empty-index"; else rm -rf "$(pg_index $empty)"; psql_do "drop database if exists $empty" && psql_do "create database $empty"; fi
    start_agenda "$db" "$empty"
    start_empty_all+=("$start_ms")
    stop_agenda
  done
  local start_empty_ms
  start_empty_ms=$(printf '%s\n' "${start_empty_all[@]}" | sort -n | sed -n 2p)
  [ "$db" = postgres ] && psql_do "drop database if exists $empty"

  local password
  password=$(env $(db_env "$db" "$copy") java -jar "$JAR" user password bench | tail -1)
  local auth
  auth=$(printf 'bench:%s' "$password" | base64 -w0)

  log "$db: start time on the generated database"
  start_agenda "$db" "$copy"
  local start_data_ms=$start_ms rss_start rss_warm
  rss_start=$(rss_kb "$server")

  # 3. the measured read URLs; each body is fetched once and stored for nginx
  local base=http://127.0.0.1:$PORT api=/cal/events/v1
  local today from3 to3 month1 month2 venue category term
  today=$(date +%F)
  from3=$(date -d "$today -3 years" +%F) to3=$(date -d "$today +3 years" +%F)
  month1=$(date -d "$today +30 days" +%F) month2=$(date -d "$today +60 days" +%F)
  venue=$(curl -sf "$base$api/venues?per_page=1" | python3 -c 'import json,sys; print(json.load(sys.stdin)["venues"][0]["id"])')
  category=$(curl -sf "$base$api/categories?parent=0&per_page=1" | python3 -c 'import json,sys; print(json.load(sys.stdin)["categories"][0]["id"])')
  term=$(curl -sf "$base$api/tags?orderby=count&order=desc&per_page=1" | python3 -c 'import json,sys; print(json.load(sys.stdin)["tags"][0]["id"])')
  local routes=(
    "event by id (random)|$api/events/{id}"
    "event by id (random, signed in: no answer cache)|$api/events/{id}"
    "event list (default)|$api/events"
    "event list per_page=50|$api/events?per_page=50"
    "event list page 100 (6-year window)|$api/events?start_date=$from3&end_date=$to3&page=100"
    "event list date range (30 days)|$api/events?start_date=$month1&end_date=$month2"
    "event list search|$api/events?search=kasteel%20zeilen"
    "event list categories (top level)|$api/events?categories=$category"
    "event list venue|$api/events?venue=$venue"
    "event list geoloc (Utrecht, 25 km)|$api/events?geoloc_lat=52.09&geoloc_lng=5.12&geoloc_radius=25"
    "venue list|$api/venues"
    "category list|$api/categories"
    "event list in fr (fallback)|/fr$api/events"
    "event feed iCalendar (default window, at most 1000)|$api/events.ics"
  )
  mkdir -p "$work/static/r"
  # the by-id route: every published, unprotected id for Agenda; a sample of 200 stored for nginx
  local sample=$work/sample.ids
  awk -v n="$(wc -l < "$ids")" 'NR % int(n / 200 + 1) == 0' "$ids" | head -200 > "$sample"
  while read -r id; do
    curl -sf -o "$work/static/r/event-$id.json" "$base$api/events/$id"
    curl -sf -H "Authorization: Basic $auth" -o "$work/static/r/signed-in-event-$id.json" "$base$api/events/$id"
  done < "$sample"
  local i=0 label path key
  for entry in "${routes[@]}"; do
    label=${entry%%|*} path=${entry#*|} key=$(printf 'r%02d' $i)
    if [ "$i" -gt 1 ]; then
      local code
      code=$(curl -s -o "$work/static/r/$key.json" -w '%{http_code}' "$base$path")
      [ "$code" = 200 ] || log "$db: WARNING $path answered $code"
    fi
    i=$((i + 1))
  done

  # 4. nginx on the same bytes
  local prefix=$work/nginx user_line=''
  mkdir -p "$prefix"
  [ "$(id -u)" = 0 ] && user_line="user root;"
  sed -e "s|__USER__|$user_line|" -e "s|__PREFIX__|$prefix|g" -e "s|__ROOT__|$work/static|" -e "s|__PORT__|$NGINX_PORT|" \
    bench/nginx.conf > "$prefix/nginx.conf"
  "$NGINX" -p "$prefix" -e "$prefix/error.log" -c "$prefix/nginx.conf" &
  nginx_pid=$!
  for _ in $(seq 1 100); do curl -sf -o /dev/null "http://127.0.0.1:$NGINX_PORT/r/r01.json" && break; sleep 0.05; done

  # 5. warm-up: every id of the by-id route asked once (at most WARMUP_IDS seconds), then every route WARMUP
  # seconds. At a million events memory holds a small part of the answers, the disk cache (AGENDA_DISK_CACHE)
  # the rest once they have been asked for.
  log "$db: warming up: every id once (at most ${WARMUP_IDS}s), then ${WARMUP}s per route"
  local asked=0 total_ids warm_started answered
  total_ids=$(wc -l < "$ids") warm_started=$(date +%s)
  while [ "$asked" -lt "$total_ids" ] && [ $(( $(date +%s) - warm_started )) -lt "$WARMUP_IDS" ]; do
    answered=$(wrk -t1 -c32 -d20s -s bench/lua/each_id.lua "$base" -- "$ids" "$api/events/" "$asked" \
      | awk '/^answered/ {print $2}')
    [ "${answered:-0}" -gt 0 ] || { log "$db: WARNING the by-id warm-up got no answers"; break; }
    asked=$((asked + answered))
  done
  log "$db: asked $asked of $total_ids ids in $(( $(date +%s) - warm_started ))s"
  i=0
  for entry in "${routes[@]}"; do
    path=${entry#*|}
    if [ $i -le 1 ]; then
      wrk -t1 -c32 -d"${WARMUP}s" -s bench/lua/ids.lua "$base" -- "$ids" "$api/events/" "" "$(by_id_auth $i)" > /dev/null
    else
      wrk -t1 -c32 -d"${WARMUP}s" "$base$path" > /dev/null
    fi
    i=$((i + 1))
  done
  rss_warm=$(rss_kb "$server")

  # 6. measure: Agenda, then nginx on the same bytes; then the writes
  local tsv=bench/results/$name.tsv.new
  printf 'route\tkind\tpath\tbytes\trps\tp50_ms\tp99_ms\trequests\tnon2xx\tsocket_errors\twrk_cpu_pct\tserver_cpu_pct\tnginx_rps\tnginx_p50_ms\tnginx_p99_ms\tnginx_errors\tbuilt_ms\n' > "$tsv"
  i=0
  for entry in "${routes[@]}"; do
    label=${entry%%|*} path=${entry#*|} key=$(printf 'r%02d' $i)
    log "$db: $label"
    local before after agenda_fields nginx_fields bytes cpu built
    built=$(built_ms "$base" "$path")
    before=$(cpu_ticks "$server")
    if [ $i -le 1 ]; then
      local sample_prefix=event-
      [ $i = 1 ] && sample_prefix=signed-in-event-
      agenda_fields=$(run_wrk "a$key" "$base" bench/lua/ids.lua "$ids" "$api/events/" "" "$(by_id_auth $i)")
      after=$(cpu_ticks "$server")
      nginx_fields=$(run_wrk "n$key" "http://127.0.0.1:$NGINX_PORT" bench/lua/ids.lua "$sample" "/r/$sample_prefix" ".json")
      bytes=$(cat "$work"/static/r/$sample_prefix[0-9]*.json | wc -c)
      bytes=$((bytes / $(wc -l < "$sample")))
    else
      agenda_fields=$(run_wrk "a$key" "$base$path")
      after=$(cpu_ticks "$server")
      nginx_fields=$(run_wrk "n$key" "http://127.0.0.1:$NGINX_PORT/r/$key.json")
      bytes=$(wc -c < "$work/static/r/$key.json")
    fi
    cpu=$(awk -v t=$((after - before)) -v hz="$CLK_TCK" -v s="$SECONDS_PER_ROUTE" 'BEGIN { printf "%.0f", t / hz / s * 100 }')
    IFS=$'\t' read -r rps p50 p99 requests non2xx errors wrk_cpu <<< "$agenda_fields"
    IFS=$'\t' read -r nrps np50 np99 _ nnon2xx nerrors _ <<< "$nginx_fields"
    printf '%s\tread\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$label" "$path" "$bytes" "$rps" "$p50" "$p99" \
      "$requests" "$non2xx" "$errors" "$wrk_cpu" "$cpu" "$nrps" "$np50" "$np99" "$((nnon2xx + nerrors))" "$built" >> "$tsv"
    i=$((i + 1))
  done
  # What a cache in front gains: its copy of the default list is current, so it asks with If-None-Match and gets
  # 304 with no body, from Agenda (its ETag) and from nginx (nginx's ETag of the same file). Answers other than 304
  # count as errors.
  local etag nginx_etag agenda_unexpected nginx_unexpected
  label="event list (default), If-None-Match current: 304" path=$api/events
  etag=$(curl -sI "$base$path" | tr -d '\r' | awk -F': ' 'tolower($1) == "etag" { print $2 }')
  nginx_etag=$(curl -sI "http://127.0.0.1:$NGINX_PORT/r/r02.json" | tr -d '\r' | awk -F': ' 'tolower($1) == "etag" { print $2 }')
  log "$db: $label"
  before=$(cpu_ticks "$server")
  agenda_fields=$(run_wrk a304 "$base$path" bench/lua/conditional.lua "$etag")
  after=$(cpu_ticks "$server")
  nginx_fields=$(run_wrk n304 "http://127.0.0.1:$NGINX_PORT/r/r02.json" bench/lua/conditional.lua "$nginx_etag")
  agenda_unexpected=$(awk '/^unexpected/ { print $2 }' "$work/wrk-a304.txt")
  nginx_unexpected=$(awk '/^unexpected/ { print $2 }' "$work/wrk-n304.txt")
  cpu=$(awk -v t=$((after - before)) -v hz="$CLK_TCK" -v s="$SECONDS_PER_ROUTE" 'BEGIN { printf "%.0f", t / hz / s * 100 }')
  IFS=$'\t' read -r rps p50 p99 requests _ errors wrk_cpu <<< "$agenda_fields"
  IFS=$'\t' read -r nrps np50 np99 _ _ nerrors _ <<< "$nginx_fields"
  printf '%s\tread\t%s\t0\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t\n' "$label" "$path" "$rps" "$p50" "$p99" \
    "$requests" "${agenda_unexpected:-0}" "$errors" "$wrk_cpu" "$cpu" "$nrps" "$np50" "$np99" \
    "$(( ${nginx_unexpected:-0} + nerrors ))" >> "$tsv"
  local run_tag
  run_tag="$(date +%s)-$db"

  # Visitors browsing freely while an editor writes (issue #21): 32 connections asking list questions drawn with a
  # skew from MIXED_QUESTIONS distinct ones (bench/lua/mixed.lua), while a writer creates an event every 100 ms
  # of the clock on four connections (bench/lua/paced_create.lua), whatever each create's latency. Every create
  # moves the data version, so the answer cache helps little: this is the speed of building answers under load.
  # The vocabulary (the terms, venues and title words the questions use) is read from the API.
  log "$db: mixed traffic ($MIXED_QUESTIONS questions) with 10 creates/s"
  local vocabulary=$work/vocabulary.txt
  python3 bench/vocabulary.py "$base$api" "$from3" "$to3" > "$vocabulary"
  # The warm-up writes too: the compiler was busy with the code of writes beside reads (following the change log,
  # the index's new segments and merges) for a third of the CPU of the first 15 s of writes, a minute into the route.
  # It lasts MIXED_WARMUP seconds, then goes on 15 s at a time while the compiler threads used more than a tenth of a
  # core (at most MIXED_WARMUP_MAX in all). On a server started cold under this route at 100 000 events on two cores
  # (bench/mixed_once.sh) they used a quarter to two fifths of a core for five and a half minutes, then a twentieth;
  # the route then took 1.5 ms of CPU a request, against 2.0-2.1 after 150 s. Here the routes before it compile most
  # of its code (225 s of warm-up at 100 000 events). What is measured is the speed of a server that has run for a
  # few minutes, not of one still compiling.
  local warmed=0 chunk=$MIXED_WARMUP compiled compiled_before
  compiled=$(compile_seconds "$server")
  while :; do
    wrk -t1 -c4 -d"${chunk}s" -s bench/lua/paced_create.lua "$base" -- "$auth" "$run_tag-mixed-warmup-$warmed" \
      "$venue" "$category" "$term" 100 > /dev/null &
    local warmup_writer=$!
    wrk -t1 -c32 -d"${chunk}s" -s bench/lua/mixed.lua "$base" -- "$api" "$vocabulary" "$MIXED_QUESTIONS" \
      "$((SEED + 1 + warmed))" > /dev/null
    wait "$warmup_writer"
    warmed=$((warmed + chunk)) compiled_before=$compiled
    compiled=$(compile_seconds "$server")
    awk -v c="$compiled" -v b="$compiled_before" -v s="$chunk" 'BEGIN { exit !(c - b > s / 10) }' || break
    [ $((warmed + 15)) -le "$MIXED_WARMUP_MAX" ] || break
    log "$db: the compiler threads used" \
      "$(awk -v c="$compiled" -v b="$compiled_before" 'BEGIN { printf "%.1f", c - b }') s of CPU in the last ${chunk} s;" \
      "15 s more"
    chunk=15
  done
  MIXED_WARMED=$warmed
  mixed_route 32 "mixed list questions, 10 creates/s" "$SEED"
  # The same visitors arriving all at once: 256 connections, right after, with its own questions. Jetty's request
  # threads are bounded (app.Application), so the further connections wait in its queue instead of making a thread
  # each; the most threads the process had during the route is recorded.
  mixed_route 256 "mixed list questions, 256 connections, 10 creates/s" "$((SEED + 100))"

  # The reads warmed up the code of reading only; each write route is warmed up too, with a tag of its own.
  # A cold six-second create run spent a third of the server's CPU compiling the write path; after 3 s of
  # warm-up still 42 % (async-profiler), after 20 s 22 %: writes are measured after $WRITE_WARMUP s.
  for write in create update; do
    log "$db: $write (after ${WRITE_WARMUP}s of warm-up)"
    local before after fields cpu
    if [ $write = create ]; then
      wrk -t1 -c32 -d"${WRITE_WARMUP}s" -s bench/lua/create.lua "$base" -- "$auth" "$run_tag-warm" "$venue" "$category" "$term" > /dev/null
      before=$(cpu_ticks "$server")
      fields=$(run_wrk "w$write" "$base" bench/lua/create.lua "$auth" "$run_tag" "$venue" "$category" "$term")
      path="POST $api/events"
    else
      wrk -t1 -c32 -d"${WRITE_WARMUP}s" -s bench/lua/update.lua "$base" -- "$ids" "$auth" "$run_tag-warm" > /dev/null
      before=$(cpu_ticks "$server")
      fields=$(run_wrk "w$write" "$base" bench/lua/update.lua "$ids" "$auth" "$run_tag")
      path="PATCH $api/events/{id}"
    fi
    after=$(cpu_ticks "$server")
    cpu=$(awk -v t=$((after - before)) -v hz="$CLK_TCK" -v s="$SECONDS_PER_ROUTE" 'BEGIN { printf "%.0f", t / hz / s * 100 }')
    IFS=$'\t' read -r rps p50 p99 requests non2xx errors wrk_cpu <<< "$fields"
    printf '%s\twrite\t%s\t\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t\t\t\t\n' "$write" "$path" "$rps" "$p50" "$p99" \
      "$requests" "$non2xx" "$errors" "$wrk_cpu" "$cpu" >> "$tsv"
  done
  local rss_end hwm disk_cache_bytes
  rss_end=$(rss_kb "$server")
  hwm=$(awk '/VmHWM/ {print $2}' "/proc/$server/status")
  # the answers kept on disk (the server's default place; it removes the file when it stops)
  local disk_cache=$root/data/agenda-answers.db
  [ "$db" = sqlite ] && disk_cache=$copy-answers
  disk_cache_bytes=$(stat -c %s "$disk_cache" 2>/dev/null || echo 0)
  stop_agenda
  kill "$nginx_pid" 2>/dev/null; wait "$nginx_pid" 2>/dev/null || true
  nginx_pid=''
  [ "$db" = postgres ] && psql_do "drop database if exists $copy" && rm -rf "$(pg_index $copy)" "$(pg_index $empty)"
  mv "$tsv" "bench/results/$name.tsv"

  # 7. the run's facts, for the report
  {
    echo "db=$db"
    echo "events=$EVENTS"
    echo "seed=$SEED"
    echo "series_percent=$SERIES"
    echo "seconds_per_route=$SECONDS_PER_ROUTE"
    echo "warmup_seconds=$WARMUP"
    echo "write_warmup_seconds=$WRITE_WARMUP"
    echo "mixed_warmup_seconds=$MIXED_WARMED"
    echo "warmup_ids_seconds=$WARMUP_IDS"
    echo "jvm_opts=$JVM_OPTS"
    echo "start_empty_ms=$start_empty_ms"
    echo "start_empty_all_ms=${start_empty_all[*]}"
    echo "start_data_ms=$start_data_ms"
    echo "rss_start_kb=$rss_start"
    echo "rss_warm_kb=$rss_warm"
    echo "rss_end_kb=$rss_end"
    echo "rss_peak_kb=$hwm"
    echo "disk_cache_bytes=$disk_cache_bytes"
    echo "generation=$(cut -d' ' -f2- "$data.gen")"
    echo "ids=$(wc -l < "$ids")"
    echo "date=$(date -u '+%Y-%m-%d %H:%M UTC')"
    echo "nproc=$(nproc)"
    echo "memory=$(free -m | awk '/^Mem:/ {print $2 " MiB"}')"
    echo "cpu=$(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo)"
    echo "jdk=$(java -version 2>&1 | head -1)"
    echo "wrk=$(wrk -v 2>&1 | head -1 | awk '{print $1, $2}')"
    echo "nginx=$("$NGINX" -v 2>&1)"
    echo "mixed_questions=$MIXED_QUESTIONS"
    sed 's/^/mixed_/' "$work/mixed-32.facts"
    sed 's/^/mixed256_/' "$work/mixed-256.facts"
    echo "load_before=$load_before"
    echo "commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
  } > "bench/results/$name.meta"
  log "$db: done (bench/results/$name.tsv)"
}

for db in "${dbs[@]}"; do
  bench_db "$db"
done
# The page shows every database and size measured: a run of one keeps the latest figures of the others.
metas=()
for db in sqlite postgres; do
  for meta in $(ls bench/results/$db-*-s$SEED.meta bench/results/$db-*-s$SEED-series*.meta 2>/dev/null | sort -t- -k2,2n); do
    metas+=("$meta")
  done
done
python3 bench/report.py "${metas[@]}"
log "wrote bench/RESULTS.md"

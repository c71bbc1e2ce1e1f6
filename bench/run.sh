#!/usr/bin/env bash
# Loopback benchmark: starts the jar on a fresh SQLite file, stores events, then measures throughput of
# the main read routes with wrk (bounded: DURATION seconds per route) and the server's resident memory.
# Figures are reported as ratios to /health measured in the same run, so they compare across machines.
# Usage: bench/run.sh [EVENTS] [DURATION]   (needs wrk: apt-get install wrk)
set -euo pipefail
cd "$(dirname "$0")/.."
EVENTS=${1:-300}
DURATION=${2:-8}
PORT=${BENCH_PORT:-18181}
PASSWORD=bench-admin-password
command -v wrk >/dev/null || { echo "wrk is not installed (apt-get install wrk)"; exit 1; }
[ -f target/agenda.jar ] || mvn -q -DskipTests package

work=$(mktemp -d)
trap 'kill $server 2>/dev/null || true; rm -rf "$work"' EXIT
AGENDA_PORT=$PORT AGENDA_DB_URL="jdbc:sqlite:$work/agenda.db" AGENDA_ADMIN_PASSWORD=$PASSWORD \
  AGENDA_TIMEZONE=Europe/Amsterdam AGENDA_LOG_FORMAT=text java -jar target/agenda.jar > "$work/server.log" 2>&1 &
server=$!
for _ in $(seq 1 60); do curl -sf "http://127.0.0.1:$PORT/health" >/dev/null && break; sleep 0.5; done

api="http://127.0.0.1:$PORT/cal/events/v1"
for i in $(seq 1 "$EVENTS"); do
  curl -sf -u "admin:$PASSWORD" -H 'Content-Type: application/json' \
    -d "{\"title\":\"Concert $i\",\"description\":\"<p>Avond $i in het park</p>\",\"start_date\":\"+$((i % 60 + 1)) days 20:00\",\"end_date\":\"+$((i % 60 + 1)) days 22:00\",\"cost\":\"$((i % 30))\",\"tags\":\"muziek\"}" \
    "$api/events" > /dev/null
done
curl -sf -u "admin:$PASSWORD" -X PATCH -H 'Content-Type: application/json' -d '{"title":"Concert du soir"}' \
  "$api/events/1?translation_language=fr" > /dev/null

rate() { wrk -t1 -c32 -d"${DURATION}s" "$1" | awk '/Requests\/sec/ {print $2}'; }
# Warm the JIT on every measured route first: a cold JVM spends the first seconds compiling.
for route in /health /cal/events/v1/events/1 "/cal/events/v1/events?per_page=50" "/cal/events/v1/events?search=avond"; do
  wrk -t1 -c32 -d3s "http://127.0.0.1:$PORT$route" > /dev/null
done
baseline=$(rate "http://127.0.0.1:$PORT/health")
echo "events stored: $EVENTS; wrk -t1 -c32, ${DURATION}s per route; requests/s and ratio to GET /health"
printf '%-40s %10s %6s\n' "GET /health (baseline)" "$baseline" "1.00"
for route in "/events/1" "/events?per_page=12" "/events?per_page=50" "/events?search=avond%2017" "/fr/events/1"; do
  url="$api${route}"
  [ "$route" = "/fr/events/1" ] && url="http://127.0.0.1:$PORT/fr/cal/events/v1/events/1"
  r=$(rate "$url")
  printf '%-40s %10s %6.2f\n' "GET $route" "$r" "$(echo "$r / $baseline" | bc -l)"
done
rss_kb=$(ps -o rss= -p "$server")
echo "server resident memory after the run: $((rss_kb / 1024)) MiB"

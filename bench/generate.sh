#!/usr/bin/env bash
# Fills the database of AGENDA_DB_URL (and the rest of the service's environment: AGENDA_DB_USER, AGENDA_DB_PASSWORD,
# AGENDA_TIMEZONE …) with the benchmark data set of issue #9: the test-scope tool org.agenda.bench.Generator, which
# starts the service in-process on a free port and sends every record to it over HTTP on loopback.
#
# Usage: bench/generate.sh N [--seed S] [--threads T] [--ids FILE] [--series P]
#   N events (N/100 venues, N/200 organizers, 200 categories, 1 000 tags); the content is a function of the seed
#   (default 1); T threads send requests side by side (default 8); --ids writes the ids of the events anyone can
#   read by id, one a line; --series makes P % of the N events weekly series over a year (52 events each, issue 24).
#   Resumable: run it again after an interruption and it continues where it stopped.
# Environment: BENCH_SKIP_BUILD=1 (use target/agenda.jar and target/test-classes as they are),
#   BENCH_GEN_JVM_OPTS (default "-Xmx1g").
# It builds what it needs (`mvn -DskipTests package`: the jar and the test classes) when either is missing or
# older than a source, then runs from a private copy of both: a build during a long generation would otherwise
# replace the classes under the running generator.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
jar=$root/target/agenda.jar
classes=$root/target/test-classes

stale() { # the jar or the generator's classes missing, or a source newer than the jar (package builds both)
  [ -f "$jar" ] && [ -f "$classes/org/agenda/bench/Generator.class" ] || return 0
  [ -n "$(find "$root/src" "$root/pom.xml" -newer "$jar" -print -quit)" ]
}
if [ "${BENCH_SKIP_BUILD:-0}" != 1 ] && stale; then
  echo "generate: building target/agenda.jar and target/test-classes" >&2
  (cd "$root" && mvn -B -q -DskipTests package)
fi
[ -f "$jar" ] && [ -f "$classes/org/agenda/bench/Generator.class" ] \
  || { echo "generate: $jar or the test classes are missing (run without BENCH_SKIP_BUILD=1)" >&2; exit 1; }

copy=$(mktemp -d /tmp/agenda-generate.XXXXXX)
trap 'rm -rf "$copy"' EXIT
cp "$jar" "$copy/agenda.jar"
cp -r "$classes" "$copy/test-classes"
read -r -a jvm_opts <<< "${BENCH_GEN_JVM_OPTS:--Xmx1g}"
# not exec: the trap removes the copy when the generator ends
java "${jvm_opts[@]}" -cp "$copy/agenda.jar:$copy/test-classes" org.agenda.bench.Generator "$@"

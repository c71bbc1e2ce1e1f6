# Sourced by the benchmark scripts. compile_seconds PID: the CPU seconds the JIT compiler threads of that JVM have used.
# Their own CPU (/proc), not jstat's compile time: that is the time from the start to the end of each compilation,
# waits for a core included: on two busy cores (100 000 events, mixed route) it counted 1.0-1.2 s a second while the
# compiler threads used 0.27-0.30 of a core, and 0.05-0.14 once they used 0.02-0.05.
compile_seconds() {
  cat /proc/"$1"/task/*/stat 2>/dev/null | awk -v hz="$(getconf CLK_TCK)" '
    { sub(/^[0-9]+ \(/, ""); name = substr($0, 1, index($0, ") ") - 1); sub(/^.*\) /, "") }
    name ~ /^C[12] CompilerThre/ { ticks += $12 + $13 } END { printf "%.2f\n", ticks / hz }'
}

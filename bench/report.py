#!/usr/bin/env python3
"""Writes bench/RESULTS.md and one SVG chart per database (bench/results/p50-<db>.svg) from the files that
bench/run.sh leaves in bench/results: <db>-<N>-s<seed>.tsv (one row per route) and .meta (key=value).
Arguments: the .meta files of the run being reported. The charts take every .tsv of that database, one
series per data-set size, so sizes measured in earlier runs (e.g. 1 000 000 events) stay on the chart.
Standard library only."""
import csv
import glob
import html
import math
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
RESULTS = os.path.join(HERE, "results")
COLOURS = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b"]


def read_meta(path):
    meta = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if "=" in line:
                key, value = line.rstrip("\n").split("=", 1)
                meta[key] = value
    return meta


def read_rows(path):
    with open(path, encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def num(value, default=0.0):
    try:
        return float(value)
    except (TypeError, ValueError):
        return default


def fmt_int(value):
    return f"{num(value):,.0f}".replace(",", " ")


def fmt_ms(value):
    v = num(value)
    return f"{v:.2f}" if v < 10 else f"{v:.1f}" if v < 100 else f"{v:.0f}"


def mib(kb):
    return f"{num(kb) / 1024:.0f} MiB"


def generation(meta):
    fields = dict(part.split("=", 1) for part in meta.get("generation", "").split() if "=" in part)
    return fields


def generator(gen):
    """The tool that generated the data set: the jar's generate command had batches, bench/generate.sh has none."""
    return "`agenda.jar generate`" if "batch" in gen else "`bench/generate.sh`"


def generated_how(gen):
    rate = f"{num(gen.get('requests_per_second')):.0f}/s"
    if "batch" in gen:
        return f"in-process, {rate}, {gen['batch']} events per transaction"
    return f"over HTTP, {rate}, {gen.get('threads', '?')} threads, one transaction per request"


def label(v):
    return f"{v:.0f}" if v >= 100 else f"{v:.3g}"


def chart(db, series_files, out_path):
    """Horizontal grouped bars: p50 latency per route, one bar per data-set size."""
    series = []
    for path in series_files:
        found = re.search(r"-(\d+)-s\d+(-series\d+)?\.tsv$", path)
        events = int(found.group(1))
        seconds = num(read_meta(path[: -len(".tsv")] + ".meta").get("seconds_per_route"), 10)
        # a route where no request completed within the duration is drawn at the duration (a lower bound)
        series.append((events, {r["route"]: num(r["p50_ms"]) if num(r["requests"]) else seconds * 1000
                                for r in read_rows(path)}))
    series.sort()
    routes = []
    for _, values in series:
        for route in values:
            if route not in routes:
                routes.append(route)
    values_all = [v for _, values in series for v in values.values() if v > 0] or [1.0]
    lo, hi = math.floor(math.log10(min(values_all))), math.ceil(math.log10(max(values_all)))
    hi = max(hi, lo + 1)
    label_w, plot_w, bar_h, gap = 260, 420, 12, 10
    group_h = bar_h * len(series) + gap
    legend_h = 24
    height = 40 + legend_h + group_h * len(routes) + 30
    width = label_w + plot_w + 90

    def x_of(v):
        return plot_w * (math.log10(max(v, 10 ** lo)) - lo) / (hi - lo)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'font-family="sans-serif" font-size="11">',
           f'<rect width="{width}" height="{height}" fill="white"/>',
           f'<text x="10" y="18" font-size="13" font-weight="bold">p50 latency per route, {html.escape(db)} '
           f'(ms, log scale; wrk -t1 -c32; one bar per data-set size)</text>']
    for k, (events, _) in enumerate(series):
        x = 10 + k * 150
        out.append(f'<rect x="{x}" y="30" width="12" height="12" fill="{COLOURS[k % len(COLOURS)]}"/>')
        out.append(f'<text x="{x + 16}" y="40">{fmt_int(events)} events</text>')
    y0 = 40 + legend_h
    for exponent in range(lo, hi + 1):
        x = label_w + x_of(10 ** exponent)
        out.append(f'<line x1="{x:.1f}" y1="{y0 - 4}" x2="{x:.1f}" y2="{height - 26}" stroke="#ddd"/>')
        out.append(f'<text x="{x:.1f}" y="{height - 12}" text-anchor="middle">{label(10 ** exponent)}</text>')
    for i, route in enumerate(routes):
        y = y0 + i * group_h
        out.append(f'<text x="{label_w - 6}" y="{y + bar_h * len(series) / 2 + 4:.1f}" text-anchor="end">'
                   f'{html.escape(route)}</text>')
        for k, (_, values) in enumerate(series):
            if route not in values:
                continue
            w = max(1.0, x_of(values[route]))
            by = y + k * bar_h
            out.append(f'<rect x="{label_w}" y="{by}" width="{w:.1f}" height="{bar_h - 2}" '
                       f'fill="{COLOURS[k % len(COLOURS)]}"/>')
            out.append(f'<text x="{label_w + w + 4:.1f}" y="{by + bar_h - 3}">{label(values[route])}</text>')
    out.append("</svg>")
    with open(out_path, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")


def section(meta, rows):
    db, events = meta["db"], int(meta["events"])
    gen = generation(meta)
    series = int(meta.get("series_percent", "0"))
    kind = f", {series} % of them weekly series over a year (each with its 51 later occurrences)" if series else ""
    lines = [f"## {'SQLite' if db == 'sqlite' else 'PostgreSQL'}, {fmt_int(events)} events{kind}", ""]
    lines += ["| route | bytes | Agenda req/s | nginx req/s | ratio | p50 ms | p99 ms | errors | server CPU | wrk CPU "
              "| built, ms |",
              "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        if r["kind"] != "read":
            continue
        ratio = num(r["rps"]) / num(r["nginx_rps"], 0) if num(r["nginx_rps"], 0) else 0
        errors = int(num(r["non2xx"]) + num(r["socket_errors"]))
        p50, p99 = fmt_ms(r["p50_ms"]), fmt_ms(r["p99_ms"])
        if num(r["requests"]) == 0:  # wrk only reports requests that completed within the duration
            p50 = p99 = f"> {num(meta['seconds_per_route']) * 1000:.0f} (none completed)"
        lines.append(f"| {r['route']} | {fmt_int(r['bytes'])} | {fmt_int(r['rps'])} | {fmt_int(r['nginx_rps'])} | "
                     f"{ratio:.3g} | {p50} | {p99} | {errors} | "
                     f"{r['server_cpu_pct']} % | {r['wrk_cpu_pct']} % | {fmt_ms(r.get('built_ms')) if r.get('built_ms') else '–'} |")
    lines += ["", "| write | Agenda req/s | p50 ms | p99 ms | requests | errors | server CPU | wrk CPU |",
              "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        if r["kind"] != "write":
            continue
        errors = int(num(r["non2xx"]) + num(r["socket_errors"]))
        lines.append(f"| {r['route']} (`{r['path']}`) | {fmt_int(r['rps'])} | {fmt_ms(r['p50_ms'])} | "
                     f"{fmt_ms(r['p99_ms'])} | {fmt_int(r['requests'])} | {errors} | {r['server_cpu_pct']} % | "
                     f"{r['wrk_cpu_pct']} % |")
    lines += mixed(meta, rows)
    db_bytes = num(gen.get("db_bytes"))
    lines += [
        "",
        f"* Start time to the first 200 of `GET /health`: empty database {fmt_int(meta['start_empty_ms'])} ms"
        + (f" (median of {meta['start_empty_all_ms'].replace(' ', ', ')} ms, each on a new empty database)"
           if meta.get('start_empty_all_ms') else "") + ", "
        f"generated database {fmt_int(meta['start_data_ms'])} ms.",
        f"* Server resident memory (`ps -o rss`): {mib(meta['rss_start_kb'])} after start, "
        f"{mib(meta['rss_warm_kb'])} after warm-up, {mib(meta['rss_end_kb'])} after the run; "
        f"peak {mib(meta['rss_peak_kb'])} (`VmHWM`)"
        + (f"; answers kept on disk at the end of the run (`AGENDA_DISK_CACHE`): "
           f"{int(meta['disk_cache_bytes']) / 1048576:.0f} MiB." if 'disk_cache_bytes' in meta else "."),
        f"* Data set: {fmt_int(gen.get('events'))} events (seed {meta['seed']}), database size "
        f"{db_bytes / 1048576:.0f} MiB; {fmt_int(meta['ids'])} of the events are published without a password "
        f"(the ids the by-id and update routes pick from). Generation ({generator(gen)}, on SQLite): "
        f"{num(gen.get('seconds')):.0f} s for {fmt_int(gen.get('created'))} events "
        f"({num(gen.get('events_per_second')):.0f} events/s; {fmt_int(gen.get('requests'))} requests to the "
        f"service's routes, {generated_how(gen)})"
        + (f"; copied to PostgreSQL (`agenda.jar copy`) in {num(gen.get('copied_seconds')):.0f} s."
           if gen.get("copied_seconds") else "."),
        f"* {meta['seconds_per_route']} s per route after a warm-up that asks for every event id once (at most "
        f"{meta.get('warmup_ids_seconds', '120')} s) and then runs every read route {meta['warmup_seconds']} s "
        f"and each write route {meta.get('write_warmup_seconds', meta['warmup_seconds'])} s"
        + (f", the mixed-traffic route {meta['mixed_warmup_seconds']} s with its writer"
           if meta.get('mixed_warmup_seconds') else "") + "; "
        f"load average before the run: {meta.get('load_before', '?')}; measured {meta['date']} at commit "
        f"`{meta.get('commit', '?')}`.",
        "",
        f"![p50 latency per route, {db}](results/p50-{db}.svg)",
        "",
    ]
    return lines


def mixed(meta, rows):
    """The mixed-traffic route of issue #21 against its targets: at least 0.25 of the cached default list's
    requests/s in the same run, p99 at most 50 ms, no error; then the same visitors on 256 connections at once."""
    found = [r for r in rows if r["kind"] == "mixed"]
    default = next((r for r in rows if r["route"] == "event list (default)"), None)
    if not found or not default:
        return []
    seconds = num(meta["seconds_per_route"], 10)
    lines = ["", "| mixed traffic | Agenda req/s | over the cached default list (target ≥ 0.25) | p50 ms "
             "| p99 ms (target ≤ 50) | errors | questions asked, distinct (of) | creates/s beside it (errors) "
             "| server CPU | threads of the server, at most |", "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    # the 32 connections' facts are under mixed_, those of the route on 256 connections under mixed256_
    for r, facts in zip(found, ("mixed_", "mixed256_")):
        ratio = num(r["rps"]) / num(default["rps"]) if num(default["rps"]) else 0
        errors = int(num(r["non2xx"]) + num(r["socket_errors"]))
        lines.append(
            f"| {r['route']} | {fmt_int(r['rps'])} | {ratio:.3g} | {fmt_ms(r['p50_ms'])} | {fmt_ms(r['p99_ms'])} "
            f"| {errors} | {fmt_int(meta.get(facts + 'asked', 0))} (of {fmt_int(meta.get(facts + 'population', 0))}) "
            f"| {num(meta.get(facts + 'writes')) / seconds:.1f} ({meta.get(facts + 'writer_errors', '?')}) "
            f"| {r['server_cpu_pct']} % | {meta.get(facts + 'threads_max', '–')} |")
    return lines


def scale(metas):
    """Per database measured at more than one size: each read route's p50 at the largest size over its p50
    at the smallest (the issue's scale target is at most 2)."""
    lines = []
    by_db = {}
    for meta, rows in metas:
        if meta.get("series_percent", "0") == "0":
            by_db.setdefault(meta["db"], []).append((int(meta["events"]), rows))
    for db, sizes in by_db.items():
        if len(sizes) < 2:
            continue
        sizes.sort(key=lambda size: size[0])
        (small, small_rows), (large, large_rows) = sizes[0], sizes[-1]
        if not lines:
            lines += ["## Scale: p50 at the largest data set over p50 at the smallest", "",
                      "*built*: one signed-in request at a time, which no answer cache serves (see the columns above).", ""]
        lines += [f"### {'SQLite' if db == 'sqlite' else 'PostgreSQL'}: {fmt_int(large)} over {fmt_int(small)} events", "",
                  f"| route | p50 ms at {fmt_int(small)} | p50 ms at {fmt_int(large)} | ratio "
                  f"| built ms at {fmt_int(small)} | built ms at {fmt_int(large)} |", "|---|---:|---:|---:|---:|---:|"]
        small_by_route = {r["route"]: r for r in small_rows if r["kind"] == "read"}
        for r in large_rows:
            if r["kind"] != "read" or r["route"] not in small_by_route:
                continue
            before, after = num(small_by_route[r["route"]]["p50_ms"]), num(r["p50_ms"])
            built = [small_by_route[r["route"]].get("built_ms"), r.get("built_ms")]
            built = [fmt_ms(b) if b else "–" for b in built]
            lines.append(f"| {r['route']} | {fmt_ms(before)} | {fmt_ms(after)} | "
                         f"{after / before if before else 0:.2f} | {built[0]} | {built[1]} |")
        lines.append("")
    return lines


def main(metas):
    if not metas:
        sys.exit("usage: report.py bench/results/<db>-<N>-s<seed>.meta ...")
    metas = [(read_meta(m), read_rows(m[: -len(".meta")] + ".tsv")) for m in metas]
    first = metas[0][0]
    out = ["# Benchmark results", "",
           "Written by `bench/run.sh` (see docs/performance.md); do not edit by hand. Every figure comes from "
           "one run on a shared machine, so absolute numbers are noisy: compare the **ratio** column (Agenda "
           "requests/s divided by nginx serving the same bytes as static files, same run, same wrk settings).", "",
           "## Machine and settings", "",
           f"* Date: {first['date']}; commit `{first.get('commit', '?')}`",
           f"* CPU: {first['cpu']}, `nproc` = {first['nproc']}; memory {first['memory']}",
           f"* JDK: {first['jdk']}",
           f"* Agenda JVM options: `{first['jvm_opts']}`; access log in text form to a file",
           f"* Load: {first['wrk']} `-t1 -c32 --latency --timeout 10s` on loopback, "
           f"{first['seconds_per_route']} s per route; ceiling: {first['nginx']}, `worker_processes auto`, "
           "`access_log off`, the bodies fetched once with curl (for the by-id route, a sample of 200 events)",
           "* Columns: *errors* = non-2xx responses plus socket errors; *server CPU* = the server's "
           "utime+stime (`/proc/<pid>/stat`) over the route divided by its duration (200 % = both cores; on "
           "PostgreSQL the database's own processes are not included); "
           "*wrk CPU* = the same for wrk (user+sys from bash `time`); *built* = median time of five sequential "
           "requests of the route signed in as an administrator, which the answer cache never serves: what building "
           "the answer costs (database queries, `total` count, rendering), one request at a time.",
           ""]
    out += scale(metas)
    for meta, rows in metas:
        out += section(meta, rows)
        db = meta["db"]
        plain = [p for p in sorted(glob.glob(os.path.join(RESULTS, f"{db}-*-s*.tsv"))) if "-series" not in p]
        chart(db, plain, os.path.join(RESULTS, f"p50-{db}.svg"))
    with open(os.path.join(HERE, "RESULTS.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(out))


if __name__ == "__main__":
    main(sys.argv[1:])

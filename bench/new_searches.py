#!/usr/bin/env python3
"""What a search filter costs the first time it is asked, and again (issue #21): each search word of the mixed route's
vocabulary (bench/vocabulary.py) asked once in its language, signed in (so no answer cache serves it), one request at a
time, per_page=1; then all of them once more, when the index keeps their matches.

Usage: new_searches.py API_URL USER:PASSWORD VOCABULARY  (API_URL like http://127.0.0.1:18181/cal/events/v1)
Ask it of a server that has not been asked these searches yet, after a warm-up on other questions.
Prints one line for each pass: the number of searches, their mean, median and 90th percentile in ms.
"""
import base64
import http.client
import sys
import time
import urllib.parse


def main(api, credentials, vocabulary):
    url = urllib.parse.urlparse(api)
    auth = "Basic " + base64.b64encode(credentials.encode()).decode()
    paths = []
    for line in open(vocabulary, encoding="utf-8"):
        parts = line.split()
        if parts and parts[0] == "word":
            prefix = "" if parts[1] == "nl" else "/" + parts[1]
            paths.append(f"{prefix}{url.path}/events?per_page=1&search={parts[2]}")
    connection = http.client.HTTPConnection(url.hostname, url.port)
    for label in ("first", "again"):
        times = []
        for path in paths:
            started = time.perf_counter()
            connection.request("GET", path, headers={"Authorization": auth})
            answer = connection.getresponse()
            answer.read()
            times.append((time.perf_counter() - started) * 1000)
            if answer.status != 200:
                sys.exit(f"{path}: {answer.status}")
        times.sort()
        print(f"{label}: {len(times)} searches, mean {sum(times) / len(times):.2f} ms, "
              f"p50 {times[len(times) // 2]:.2f} ms, p90 {times[int(len(times) * 0.9)]:.2f} ms")


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(*sys.argv[1:])

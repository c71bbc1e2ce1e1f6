#!/usr/bin/env python3
"""Asks for every id of a file once, on 8 kept-alive connections, at most SECONDS long.

Usage: each_id.py BASE_URL PATH_BEFORE_ID IDS_FILE SECONDS
The benchmark's warm-up of the by-id route: random ids alone reach every id only after about n·ln(n)
requests, so a short random warm-up leaves part of the ids never asked and the measurement a mix of first
reads and repeated ones. Prints how many ids were asked and how many answered 200."""
import http.client
import sys
import threading
import time
import urllib.parse

base, before, ids_file, seconds = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])
ids = [line.strip() for line in open(ids_file) if line.strip()]
url = urllib.parse.urlsplit(base)
deadline = time.monotonic() + seconds
lock = threading.Lock()
state = {"next": 0, "asked": 0, "ok": 0}


def work():
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
    while time.monotonic() < deadline:
        with lock:
            if state["next"] >= len(ids):
                break
            i = state["next"]
            state["next"] += 1
        connection.request("GET", before + ids[i])
        response = connection.getresponse()
        response.read()
        with lock:
            state["asked"] += 1
            state["ok"] += response.status == 200
    connection.close()


threads = [threading.Thread(target=work) for _ in range(8)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
print(f"asked {state['asked']} of {len(ids)} ids, {state['ok']} answered 200")

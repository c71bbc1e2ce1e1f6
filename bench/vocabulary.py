#!/usr/bin/env python3
"""The vocabulary of the mixed-traffic route (bench/lua/mixed.lua), read from a running service.

Usage: vocabulary.py API_URL FROM TO  (API_URL like http://127.0.0.1:18181/cal/events/v1; FROM and TO the
six-year window). Prints "total6 N", "from3 FROM", "to3 TO", then "category ID", "tag ID", "venue ID" (up to
1 000 of each) and "word LANG WORD": the words of four letters or more in the titles of the window's first
200 events, in each language.
"""
import json
import re
import sys
import urllib.parse
import urllib.request

LIMIT = 1000


def get(url):
    with urllib.request.urlopen(url, timeout=120) as answer:
        return json.load(answer)


def ids(api, collection):
    found, page = [], 1
    while len(found) < LIMIT:
        body = get(f"{api}/{collection}?per_page=50&page={page}")
        found += [item["id"] for item in body[collection]]
        if page >= body["total_pages"]:
            break
        page += 1
    return found[:LIMIT]


def main(api, first, last):
    window = urllib.parse.urlencode({"start_date": first, "end_date": last, "per_page": 50})
    body = get(f"{api}/events?{window}")
    print(f"total6 {body['total']}\nfrom3 {first}\nto3 {last}")
    for collection, key in (("categories", "category"), ("tags", "tag"), ("venues", "venue")):
        for item in ids(api, collection):
            print(f"{key} {item}")
    root, path = re.match(r"(https?://[^/]+)(/.*)", api).groups()
    for language in ("nl", "fr", "en"):
        words = set()
        for page in range(1, 5):
            prefix = "" if language == "nl" else "/" + language
            body = get(f"{root}{prefix}{path}/events?{window}&page={page}")
            for event in body["events"]:
                words.update(w.lower() for w in re.findall(r"[^\W\d_]{4,}", event["title"]))
        for word in sorted(words):
            print(f"word {language} {urllib.parse.quote(word)}")


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(*sys.argv[1:])

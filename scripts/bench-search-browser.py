#!/usr/bin/env python3
"""Measures Loupe's search and Pagefind's on the same built site in headless Chromium.

usage: bench-search-browser.py SITE_DIR DECK_TSV

Loupe: bytes of search/ files a page load plus one query fetches (raw and gzip -9), time from the
input event to rendered results for the first query on a cold page, and for every keystroke of
queries typed one character at a time. Pagefind (SITE_DIR/pagefind, built by `python -m pagefind`):
the same queries through its JS API, fetching the top 8 results' fragments (what a result list shows).
"""
import collections
import gzip
import json
import re
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

site, deck = Path(sys.argv[1]).resolve(), Path(sys.argv[2])

counts = collections.Counter(re.findall(r"[a-z]{5,}", deck.read_text(encoding="utf-8").lower()))
ranked = [w for w, _ in counts.most_common()]
queries = {
    "common word": ranked[5],
    "mid word": ranked[200],
    "rare word": ranked[3000],
    "two words": f"{ranked[40]} {ranked[400]}",
    "typo": ranked[300][:2] + ranked[300][3] + ranked[300][2] + ranked[300][4:],
}

with socket.socket() as s:
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", str(site)],
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
base = f"http://127.0.0.1:{port}/"
time.sleep(0.5)
(site / "pf-bench.html").write_text("<!DOCTYPE html><meta charset=utf-8><title>pf</title><body>pagefind bench</body>\n")

options = webdriver.ChromeOptions()
for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage"):
    options.add_argument(argument)
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
driver.set_script_timeout(120)
driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
gz_cache = {}


def sizes(prefix):
    entries = driver.execute_script("return performance.getEntriesByType('resource').map(function (e) { return e.name; })")
    if "-v" in sys.argv:
        print(entries)
    files = sorted({e.split("?")[0][len(base):] for e in entries if e.startswith(base + prefix)})
    raw = sum((site / f).stat().st_size for f in files)
    gz = 0
    for f in files:
        if f not in gz_cache:
            data = (site / f).read_bytes()
            gz_cache[f] = len(data) if f.startswith("pagefind/") else len(gzip.compress(data, 9))
        gz += gz_cache[f]
    return len(files), raw, gz


TYPE = """
var query = arguments[0], done = arguments[arguments.length - 1], input = document.getElementById('search-input'), times = [];
function step(i) {
  if (i > query.length) { done(times); return; }
  var p = query.slice(0, i);
  window.Loupe.lastSearch = null;
  var before = performance.getEntriesByType('resource').length;
  input.value = p;
  input.dispatchEvent(new Event('input'));
  (function wait() {
    if (!window.Loupe.searchWords(p).length) { step(i + 1); return; }
    var s = window.Loupe.lastSearch;
    if (s && s.query === p) { times.push([p, s.ms, s.total, performance.getEntriesByType('resource').length - before]); step(i + 1); } else setTimeout(wait, 0);
  })();
}
step(1);
"""
PAGEFIND = """
var query = arguments[0], done = arguments[arguments.length - 1], times = [];
import('/pagefind/pagefind.js').then(async function (pf) {
  await pf.options({ noWorker: true });
  await pf.init();
  for (var i = 1; i <= query.length; i++) {
    var p = query.slice(0, i), t0 = performance.now();
    var search = await pf.search(p);
    var data = await Promise.all(search.results.slice(0, 8).map(function (r) { return r.data(); }));
    times.push([p, performance.now() - t0, search.results.length]);
  }
  done(times);
}).catch(function (e) { done(String(e)); });
"""


def summary(ms):
    ms = sorted(ms)
    return f"median {statistics.median(ms):6.2f} ms  p95 {ms[int(len(ms) * 0.95) - 1 if len(ms) > 1 else 0]:6.2f} ms  max {ms[-1]:6.2f} ms"


report = {"loupe": {}, "pagefind": {}}
print(f"site: {site}  queries: {queries}")
all_loupe, all_pf, loupe_no_fetch = [], [], []
for name, query in queries.items():
    driver.get(base + "index.html")
    driver.execute_script("performance.setResourceTimingBufferSize(10000)")
    times = driver.execute_async_script(TYPE, query)
    driver.get(base + "index.html")
    driver.execute_script("performance.setResourceTimingBufferSize(10000)")
    whole = driver.execute_async_script(TYPE.replace("var p = query.slice(0, i);", "var p = query; i = query.length;"), query)
    files, raw, gz = sizes("search/")
    all_loupe += [t[1] for t in times]
    loupe_no_fetch += [t[1] for t in times if t[3] == 0]
    report["loupe"][name] = {"query": query, "results": whole[0][2], "first_results_ms": round(whole[0][1], 2),
                             "keystrokes": [round(t[1], 2) for t in times], "files": files, "bytes_raw": raw, "bytes_gzip": gz}
    driver.get(base + "pf-bench.html")
    driver.execute_script("performance.setResourceTimingBufferSize(10000)")
    pf_times = driver.execute_async_script(PAGEFIND, query)
    if isinstance(pf_times, str):
        raise SystemExit("pagefind failed: " + pf_times)
    driver.get(base + "pf-bench.html")
    driver.execute_script("performance.setResourceTimingBufferSize(10000)")
    pf_whole = driver.execute_async_script(PAGEFIND.replace("var p = query.slice(0, i), t0", "i = query.length; var p = query, t0"), query)
    pf_files, pf_raw, _ = sizes("pagefind/")
    all_pf += [t[1] for t in pf_times]
    report["pagefind"][name] = {"query": query, "results": pf_whole[0][2], "first_results_ms": round(pf_whole[0][1], 2),
                                "keystrokes": [round(t[1], 2) for t in pf_times], "files": pf_files, "bytes": pf_raw}
    print(f"{name:12} {query!r:34} loupe: {whole[0][2]:5} results, first {whole[0][1]:7.2f} ms, "
          f"{files:3} files {raw / 1024:8.1f} KiB raw {gz / 1024:7.1f} KiB gzip | pagefind: {pf_whole[0][2]:5} results, "
          f"first {pf_whole[0][1]:7.2f} ms, {pf_files:3} files {pf_raw / 1024:7.1f} KiB (already gzip)")
print(f"per keystroke, loupe   : {summary(all_loupe)}  ({len(all_loupe)} keystrokes, shard loads included)")
print(f"per keystroke, loupe, keystrokes that fetched nothing: {summary(loupe_no_fetch)}  ({len(loupe_no_fetch)})")
print(f"per keystroke, pagefind: {summary(all_pf)}  (search + top-8 fragments)")
driver.quit()
server.terminate()
(site / "pf-bench.html").unlink()
(site.parent / "bench-search-report.json").write_text(json.dumps(report, indent=1, sort_keys=True) + "\n")
print(f"details: {site.parent / 'bench-search-report.json'}")

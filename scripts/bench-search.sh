#!/usr/bin/env bash
# Search benchmark: a 20,000-card synthetic deck (real-deck shape), built by Loupe and indexed by
# Pagefind; reports index bytes (raw, gzip), time to first results and per keystroke in headless
# Chromium, and bytes fetched per query for both. Usage: scripts/bench-search.sh [CARDS] (default 20000).
# Needs: chromium + chromium-driver (Debian), `pip install selenium 'pagefind[bin]'`. LOUPE_BIN picks the binary.
set -euo pipefail
cd "$(dirname "$0")/.."
cards="${1:-20000}"
work="${BENCH_DIR:-$(mktemp -d -t loupe-bench-search.XXXXXX)}"
bin="${LOUPE_BIN:-.build/debug/loupe}"
[ -x "$bin" ] || swift build --product loupe
python3 -c 'import selenium' 2>/dev/null || pip install --quiet selenium
python3 -m pagefind --version >/dev/null 2>&1 || pip install --quiet 'pagefind[bin]'

echo "== generating $cards cards in $work"
python3 scripts/bench-search-deck.py "$cards" "$work/content"
echo "== loupe build"
start=$(date +%s.%N)
"$bin" build --content "$work/content" --out "$work/site" >/dev/null 2>"$work/build.log" || { tail "$work/build.log"; exit 1; }
echo "   $(echo "$(date +%s.%N) - $start" | bc) s"
index_raw=$(find "$work/site/search" -name '*.json' -printf '%s\n' | awk '{s+=$1} END {print s}')
index_gz=$(find "$work/site/search" -name '*.json' -exec sh -c 'gzip -9c "$1" | wc -c' _ {} \; | awk '{s+=$1} END {print s}')
manifest_gz=$(gzip -9c "$work/site/search/index.js" | wc -c)
echo "   index: $(find "$work/site/search" -name '*.json' | wc -l) JSON files, $((index_raw / 1024)) KiB raw, $((index_gz / 1024)) KiB gzip (each also as .js)"
echo "   search/index.js loaded by every page: $(stat -c %s "$work/site/search/index.js") B raw, $manifest_gz B gzip"
echo "== pagefind"
start=$(date +%s.%N)
python3 -m pagefind --site "$work/site" --quiet
echo "   $(echo "$(date +%s.%N) - $start" | bc) s, $(du -sk "$work/site/pagefind" | cut -f1) KiB on disk, $(find "$work/site/pagefind" -type f | wc -l) files"
echo "== browser"
python3 scripts/bench-search-browser.py "$work/site" "$work/content/deck/deck.tsv"

#!/usr/bin/env bash
# Compares loupe binaries on the same deck, runs interleaved (A, B, A, B, …) so a noisy host slows
# them alike (the order alternating each round): median wall time of one-card edits and of cold
# (--force) builds, the edits' CPU time (user + system), and peak memory.
# Usage: scripts/bench-compare.sh DIR EDITS COLDS BINARY...
#   DIR holds content/ (e.g. made by scripts/gen-bench-deck.py 10000 DIR) with a UTF-16 deck whose
#   text contains "retina"; each edit replaces one such word in a card's text (scripts/bench-edit.py).
set -euo pipefail
DIR=$1; EDITS=$2; COLDS=$3; shift 3
EDIT=$(cd "$(dirname "$0")" && pwd)/bench-edit.py
cd "$DIR"
DECK=$(ls content/deck/*.tsv | head -1)
RESULTS=$(mktemp -d)
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
edit() { python3 "$EDIT" "$DECK" "$1"; }
for b in "$@"; do i=$(basename "$b"); "$b" build --quiet --content content --out "out-$i" --no-sessions; done
# Each round runs the binaries in turn, in reverse order every other round: the first build after an
# edit reads the deck from a cold cache line and runs alone on a just-woken core.
order() { if [ $(( $1 % 2 )) -eq 0 ]; then printf '%s\n' "${@:2}"; else printf '%s\n' "${@:2}" | tac; fi; }
for r in $(seq "$EDITS"); do
  edit "$r$RANDOM"; sleep 2.2  # past the 2 s a changed file is not trusted by its identity
  for b in $(order "$r" "$@"); do i=$(basename "$b"); /usr/bin/time -f "%e %U %S" -a -o "$RESULTS/edit-$i" "$b" build --quiet --content content --out "out-$i" --no-sessions; done
done
for r in $(seq "$COLDS"); do
  for b in $(order "$r" "$@"); do i=$(basename "$b"); rm -rf "cold-$i"; sync
    /usr/bin/time -f "%e %M" -a -o "$RESULTS/cold-$i" "$b" build --quiet --force --content content --out "cold-$i" --no-sessions; done
done
printf "%-28s %10s %12s %10s %8s %10s\n" binary "edit s" "edit CPU s" "cold s" "edit %" "peak MB"
for b in "$@"; do i=$(basename "$b")
  e=$(cut -d' ' -f1 "$RESULTS/edit-$i" | median); u=$(awk '{print $2 + $3}' "$RESULTS/edit-$i" | median); c=$(cut -d' ' -f1 "$RESULTS/cold-$i" | median); m=$(cut -d' ' -f2 "$RESULTS/cold-$i" | sort -n | tail -1)
  printf "%-28s %10.2f %12.2f %10.2f %8.0f %10.0f\n" "$i" "$e" "$u" "$c" "$(echo "100 * $e / $c" | bc -l)" "$(echo "$m / 1024" | bc -l)"
  rm -rf "out-$i" "cold-$i"
done
rm -rf "$RESULTS"

#!/usr/bin/env bash
# Measures the image pipeline on the real deck (../shared/data/deck): published bytes, the heaviest card
# page's images at a 390 px phone width, cold processing time and the time of a rebuild with no image
# changed. When the deck's images folder is absent (the shared data ships the deck without its
# images), a stand-in set is generated for every image the deck names, shaped like the real export
# (JPEG/PNG/GIF/TIFF, up to 4,936 px wide, 46 files over 1 MB). Needs python3 with Pillow.
#   scripts/bench-images.sh            # uses .build/release/loupe (built if missing)
#   LOUPE=.build/debug/loupe scripts/bench-images.sh
set -euo pipefail
cd "$(dirname "$0")/.."
data="${LOUPE_DATA:-../shared/data}"
if [ ! -d "$data/deck" ]; then echo "bench-images: skipped: $data/deck is absent"; exit 0; fi
loupe="${LOUPE:-.build/release/loupe}"
[ -x "$loupe" ] || swift build -c release --static-swift-stdlib --product loupe >&2
work="$(mktemp -d -t loupe-bench-images-XXXXXX)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/project/content/deck"
cp "$data"/deck/*.tsv "$data"/deck/*.txt "$work/project/content/deck/" 2>/dev/null || true
printf 'title: Bench\n' > "$work/project/content/loupe.yml"
if [ -d "$data/deck/images" ]; then
  cp -RL "$data/deck/images" "$work/project/content/deck/images"
  echo "images: the real deck's images ($data/deck/images)"
else
  # Generating the stand-in takes minutes: it is kept (seeded, so always the same) for the next run.
  standin="${LOUPE_BENCH_STANDIN:-$HOME/.cache/loupe-bench-standin}"
  if [ ! -f "$standin/.complete" ]; then
    rm -rf "$standin"
    python3 scripts/bench-images-standin.py "$work/project/content/deck" "$standin"
    touch "$standin/.complete"
  fi
  cp -R "$standin" "$work/project/content/deck/images"
  rm -f "$work/project/content/deck/images/.complete"
  echo "images: a generated stand-in for the images the deck names (the real images are not in shared/data), from $standin"
fi
python3 - "$work/project/content/deck/images" <<'PY'
import os, sys
sizes = [os.path.getsize(os.path.join(r, f)) for r, _, fs in os.walk(sys.argv[1]) for f in fs]
print(f"source images: {len(sizes)} files, {sum(sizes)/1e6:.1f} MB, {sum(s > 1_000_000 for s in sizes)} over 1 MB, largest {max(sizes)/1e6:.1f} MB")
PY
echo "machine: $(nproc) cores, load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
# CPU seconds of the build (user + sys): on a busy shared machine wall time mostly measures the queue.
run() { python3 - "$loupe" "$work/project/content" "$work/project/site" "$@" <<'PY'
import os, subprocess, sys
loupe, content, out, *extra = sys.argv[1:]
run = subprocess.run([loupe, "build", "--content", content, "--out", out, "--verbose", *extra], capture_output=True, text=True)
t = os.times()
print(run.stdout + run.stderr)
print(f"cpu: {t.children_user + t.children_system:.2f} s")
PY
}
phase() { grep -E 'assets and images' | grep -Eo '[0-9]+\.[0-9]+ ?s' | head -1; }
rm -rf "$work/project/.loupe-cache"
start=$(date +%s.%N); cold="$(run)"; end=$(date +%s.%N)
echo "cold build: images phase $(echo "$cold" | phase) wall, whole build $(python3 -c "print(f'{$end-$start:.2f} s')") wall, $(echo "$cold" | grep -Eo 'cpu: .*') of CPU (user+sys) for the whole build"
echo "$cold" | grep -E 'warning|error' | head -5 || true
start=$(date +%s.%N); warm="$(run --force)"; end=$(date +%s.%N)
echo "rebuild, no image changed (--force): images phase $(echo "$warm" | phase) wall, whole build $(python3 -c "print(f'{$end-$start:.2f} s')") wall, $(echo "$warm" | grep -Eo 'cpu: .*') of CPU"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 scripts/bench-images-report.py "$work/project/site"

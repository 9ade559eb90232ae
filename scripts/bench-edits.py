#!/usr/bin/env python3
"""Times one-card edit builds of several loupe binaries to the millisecond, interleaved.

usage: scripts/bench-edits.py DIR EDITS BINARY...
  DIR holds content/ with a deck (e.g. made by scripts/gen-bench-deck.py 10000 DIR). Each binary first
  builds its own site in DIR; then each round edits one card (scripts/bench-edit.py), waits past the
  2 s a just-changed file is not trusted by its identity, and rebuilds every site, the binaries' order
  reversed every other round. Prints the median, mean and fastest wall time and the median CPU time
  (user + system) of each binary's edit builds. (scripts/bench-compare.sh also times cold builds, but
  `/usr/bin/time` rounds to 10 ms.)
"""
import os, random, resource, statistics, subprocess, sys, time

folder, edits, binaries = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
edit = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bench-edit.py")
os.chdir(folder)
deck = "content/deck/" + sorted(f for f in os.listdir("content/deck") if f.endswith((".tsv", ".txt")))[0]

def site(binary): return "edits-" + os.path.basename(binary)
def build(binary):
    subprocess.run([binary, "build", "--quiet", "--content", "content", "--out", site(binary), "--no-sessions"], check=True)

for binary in binaries:
    subprocess.run(["rm", "-rf", site(binary)], check=True)
    build(binary)
wall = {b: [] for b in binaries}
cpu = {b: [] for b in binaries}
for round in range(edits):
    subprocess.run(["python3", edit, deck, f"{round}{random.randint(0, 99999)}"], check=True)
    time.sleep(2.2)
    for binary in (binaries if round % 2 == 0 else binaries[::-1]):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        build(binary)
        wall[binary].append((time.perf_counter() - start) * 1000)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu[binary].append((after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000)
print(f"{'binary':24s} {'median ms':>10s} {'mean ms':>10s} {'min ms':>10s} {'CPU ms':>10s}")
for binary in binaries:
    w = wall[binary]
    print(f"{os.path.basename(binary):24s} {statistics.median(w):10.1f} {statistics.mean(w):10.1f} {min(w):10.1f} {statistics.median(cpu[binary]):10.1f}")
    subprocess.run(["rm", "-rf", site(binary)], check=True)

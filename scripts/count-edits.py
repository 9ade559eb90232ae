#!/usr/bin/env python3
"""Counts the instructions one-card edit builds of several loupe binaries execute (valgrind's callgrind),
for before/after numbers that do not move with a busy host the way wall time does.

usage: scripts/count-edits.py DIR EDITS BINARY...
  DIR holds content/ with a deck (e.g. made by scripts/gen-bench-deck.py 10000 DIR). Each binary is
  copied without its debug sections (valgrind 3.19 cannot read the DWARF 5 swiftc writes) and builds its
  own site in DIR under valgrind first: under valgrind the running executable is valgrind, so a site
  built outside it would not be updated but built again. Then each round edits one card
  (scripts/bench-edit.py), waits past the 2 s a just-changed file is not trusted by its identity, and
  updates every site under callgrind. Prints each binary's instruction counts and their median.
  `LOUPE_BENCH=1 scripts/setup` installs valgrind.
"""
import os, random, re, shutil, statistics, subprocess, sys, tempfile, time

folder, edits, binaries = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
if not binaries or shutil.which("valgrind") is None:
    sys.exit("usage: scripts/count-edits.py DIR EDITS BINARY... (needs valgrind: LOUPE_BENCH=1 scripts/setup)")
edit = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bench-edit.py")
work = tempfile.mkdtemp(prefix="loupe-count-")
os.chdir(folder)
deck = "content/deck/" + sorted(f for f in os.listdir("content/deck") if f.endswith((".tsv", ".txt")))[0]


def copy(index, binary):
    stripped = os.path.join(work, f"{index}-{os.path.basename(binary)}")
    subprocess.run(["strip", "--strip-debug", "-o", stripped, binary], check=True)
    return stripped


def count(binary, site):
    """Builds `site` under callgrind; returns the instructions it counted."""
    out = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={work}/out", binary, "build", "--quiet",
                          "--content", "content", "--out", site, "--no-sessions"], capture_output=True, text=True)
    found = re.search(r"Collected : (\d+)", out.stderr)
    if out.returncode != 0 or not found:
        sys.exit(f"{binary}: the build failed under valgrind:\n{out.stderr[-2000:]}")
    return int(found.group(1))


try:
    copies = [copy(index, binary) for index, binary in enumerate(binaries)]
    sites = [f"counts-{index}-{os.path.basename(binary)}" for index, binary in enumerate(binaries)]
    for binary, site in zip(copies, sites):
        shutil.rmtree(site, ignore_errors=True)
        count(binary, site)
    counts = {binary: [] for binary in binaries}
    for round in range(edits):
        subprocess.run(["python3", edit, deck, f"count{round}{random.randint(0, 99999)}"], check=True)
        time.sleep(2.2)
        for binary, stripped, site in zip(binaries, copies, sites):
            counts[binary].append(count(stripped, site))
    for binary in binaries:
        each = " ".join(f"{n / 1e9:.3f}" for n in counts[binary])
        print(f"{binary:40s} median {statistics.median(counts[binary]) / 1e9:.3f} G instructions  ({each})")
finally:
    shutil.rmtree(work, ignore_errors=True)

#!/usr/bin/env python3
"""Counts the instructions a cold build and a one-word edit of a real deck execute, for several loupe
binaries (valgrind's callgrind): the before/after numbers of changes that a generated deck does not show
(a real vocabulary for the stemmer, a code-page export, the charts beside a small deck).

usage: scripts/count-deck.py DECK WORD BINARY... [-- BUILD-OPTION...]
  DECK is a deck export in UTF-8 or an 8-bit code page (e.g. ../shared/data/deck/ophtho-review-2019-macroman.tsv
  with `-- --deck-encoding macroman`). Each binary is copied without its debug sections (valgrind 3.19 cannot
  read the DWARF 5 swiftc writes) and gets its own copy of the deck; it builds a site from it under
  callgrind (the cold count), then the first WORD after the middle of the export gets a capital first
  letter, as a user fixing a typo would, and the site is updated under callgrind (the edit count). Both
  builds run under the same valgrind tool: the engine fingerprint sees the running executable.
  `LOUPE_BENCH=1 scripts/setup` installs valgrind.
"""
import os, re, shutil, subprocess, sys, tempfile, time

arguments = sys.argv[1:]
options = arguments[arguments.index("--") + 1:] if "--" in arguments else []
arguments = arguments[:arguments.index("--")] if "--" in arguments else arguments
if len(arguments) < 3 or shutil.which("valgrind") is None:
    sys.exit("usage: scripts/count-deck.py DECK WORD BINARY... [-- BUILD-OPTION...] (needs valgrind: LOUPE_BENCH=1 scripts/setup)")
deck, word, binaries = os.path.abspath(arguments[0]), arguments[1].encode(), arguments[2:]
data = open(deck, "rb").read()
if data.startswith((b"\xff\xfe", b"\xfe\xff")):
    sys.exit(f"{deck}: a UTF-16 export; use scripts/count-edits.py on a generated deck, or export it as UTF-8")
if not word.isalpha() or not word.islower():
    sys.exit("WORD must be lower-case ASCII letters")
work = tempfile.mkdtemp(prefix="loupe-count-deck-")


def count(binary, content, site):
    """Builds `site` from `content` under callgrind; returns the instructions it counted."""
    out = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={work}/out", binary, "build", "--quiet",
                          "--content", content, "--out", site, *options], capture_output=True, text=True)
    found = re.search(r"Collected : (\d+)", out.stderr)
    if out.returncode != 0 or not found:
        sys.exit(f"{binary}: the build failed under valgrind:\n{out.stderr[-2000:]}")
    return int(found.group(1))


try:
    runs = []
    for index, binary in enumerate(binaries):
        stripped = os.path.join(work, f"{index}-{os.path.basename(binary)}")
        subprocess.run(["strip", "--strip-debug", "-o", stripped, binary], check=True)
        content = os.path.join(work, f"content-{index}")
        os.makedirs(os.path.join(content, "deck"))
        shutil.copy(deck, os.path.join(content, "deck"))
        runs.append((binary, stripped, content, os.path.join(work, f"site-{index}")))
    colds = {binary: count(stripped, content, site) for binary, stripped, content, site in runs}
    at = data.find(word, len(data) // 2)
    if at < 0:
        sys.exit(f"{deck}: no '{word.decode()}' after the middle")
    edited = data[:at] + word[:1].upper() + word[1:] + data[at + len(word):]
    for _, _, content, _ in runs:
        open(os.path.join(content, "deck", os.path.basename(deck)), "wb").write(edited)
    time.sleep(2.2)  # past the 2 s a just-changed file is not trusted by its identity
    for binary, stripped, content, site in runs:
        edit = count(stripped, content, site)
        print(f"{binary:40s} cold {colds[binary] / 1e9:.3f} G  one-word edit {edit / 1e6:.0f} M instructions")
finally:
    shutil.rmtree(work, ignore_errors=True)

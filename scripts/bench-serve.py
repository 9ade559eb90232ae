#!/usr/bin/env python3
"""Edit-to-reload time of `loupe serve` (issue 15): starts the server on a copy of a deck, listens to
the live-reload event stream as a page does, changes one deck cell and measures the time from the
saved file to the `reload` event. Prints each run and the median.

usage: scripts/bench-serve.py [LOUPE] [DECK_FOLDER] [RUNS]
  LOUPE        default .build/release/loupe
  DECK_FOLDER  default ../shared/data/deck (the real deck); its .tsv/.txt files are copied
"""
import glob, os, shutil, socket, statistics, subprocess, sys, tempfile, time

loupe = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/release/loupe")
deck = sys.argv[2] if len(sys.argv) > 2 else "../shared/data/deck"
runs = int(sys.argv[3]) if len(sys.argv) > 3 else 9
if not glob.glob(os.path.join(deck, "*.tsv")) + glob.glob(os.path.join(deck, "*.txt")):
    print(f"bench-serve: skipped: no deck in {deck}")
    sys.exit(0)
work = tempfile.mkdtemp(prefix="loupe-bench-serve-", dir="/dev/shm" if os.path.isdir("/dev/shm") else None)
try:
    os.makedirs(f"{work}/content/deck")
    for f in glob.glob(os.path.join(deck, "*.tsv")) + glob.glob(os.path.join(deck, "*.txt")):
        shutil.copy(f, f"{work}/content/deck/")
    deck_file = glob.glob(f"{work}/content/deck/*")[0]
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]
    server = subprocess.Popen([loupe, "serve", "--content", f"{work}/content", "--out", f"{work}/site", "--port", str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(600):
            try:
                events = socket.create_connection(("127.0.0.1", port), timeout=1); break
            except OSError:
                time.sleep(0.1)
        events.settimeout(30)
        events.sendall(f"GET /__loupe/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept: text/event-stream\r\n\r\n".encode())
        events.recv(4096)  # headers (and perhaps a first comment)
        time.sleep(0.5)
        times = []
        raw = open(deck_file, "rb").read()
        # UTF-16 exports are edited as text; any other (UTF-8 or an 8-bit code page) byte for byte.
        encoding = "utf-16" if raw[:2] in (b"\xff\xfe", b"\xfe\xff") else "latin-1"
        data = raw.decode(encoding)
        # A question or answer cell in the middle of the deck (six tabs into its row), never a
        # category, topic or title: renaming those rebuilds far more than a card.
        needle = data.find("\t", len(data) // 2)
        while data.count("\t", data.rfind("\n", 0, needle) + 1, needle) < 6:
            needle = data.find("\t", needle + 1)
        for run in range(runs):
            edited = (data[:needle] + f"\tEdited {run} " + data[needle + 1:]).encode(encoding)
            start = time.monotonic()
            with open(deck_file, "wb") as f:
                f.write(edited)
            received = b""
            while b"event: reload" not in received:
                chunk = events.recv(4096)
                if not chunk:
                    raise SystemExit("the event stream closed")
                received += chunk
            elapsed = (time.monotonic() - start) * 1000
            times.append(elapsed)
            print(f"run {run + 1}: {elapsed:.0f} ms")
            time.sleep(0.3)
        print(f"edit-to-reload, one cell, {os.path.basename(deck_file)}: median {statistics.median(times):.0f} ms "
              f"(min {min(times):.0f}, max {max(times):.0f}, {runs} runs)")
    finally:
        server.terminate(); server.wait()
finally:
    shutil.rmtree(work, ignore_errors=True)

#!/usr/bin/env python3
"""Figures for a built site: bytes of every published image, and per card page the bytes of the images a
390 px wide phone downloads (the srcset candidate the browser picks for the slot width from `sizes`,
at device pixel ratios 1, 2 and 3), reporting the heaviest card.

usage: bench-images-report.py SITE_FOLDER
"""
import os, re, sys
from html.parser import HTMLParser

site = sys.argv[1]
IMAGE = (".webp", ".jpg", ".jpeg", ".png", ".gif", ".tif", ".tiff", ".svg", ".avif")
total = count = 0
for root, _, files in os.walk(site):
    for f in files:
        if f.lower().endswith(IMAGE):
            total += os.path.getsize(os.path.join(root, f)); count += 1
print(f"published images: {count} files, {total / 1e6:.1f} MB (target <= 30 MB)")

VIEWPORT, REM = 390, 16

def slot(sizes):
    """The slot width for a 390 px viewport from a sizes list (media conditions of min-width only)."""
    for part in sizes.split(","):
        part = part.strip()
        m = re.match(r"\(min-width:\s*([\d.]+)(rem|px)\)\s*(.*)", part)
        if m:
            limit = float(m.group(1)) * (REM if m.group(2) == "rem" else 1)
            if VIEWPORT < limit:
                continue
            part = m.group(3)
        return length(part)
    return VIEWPORT

def length(text):
    text = text.strip()
    m = re.match(r"calc\((.*)\)", text)
    if m:
        expr = m.group(1)
        expr = re.sub(r"([\d.]+)vw", lambda g: str(float(g.group(1)) * VIEWPORT / 100), expr)
        expr = re.sub(r"([\d.]+)rem", lambda g: str(float(g.group(1)) * REM), expr)
        expr = re.sub(r"([\d.]+)px", r"\1", expr)
        return eval(expr, {"__builtins__": {}})
    if text.endswith("vw"): return float(text[:-2]) * VIEWPORT / 100
    if text.endswith("rem"): return float(text[:-3]) * REM
    return float(text.rstrip("px"))

class Sources(HTMLParser):
    def __init__(self):
        super().__init__(); self.sets = []
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "source" and a.get("srcset"):
            self.sets.append((a["srcset"], a.get("sizes", "100vw")))

worst = {1: (0, ""), 2: (0, ""), 3: (0, "")}
for root, _, files in os.walk(os.path.join(site, "deck")):
    for f in files:
        if not f.endswith(".html") or f == "index.html":
            continue
        page = os.path.join(root, f)
        parser = Sources(); parser.feed(open(page, encoding="utf-8").read())
        for dpr in worst:
            weight = 0
            for srcset, sizes in parser.sets:
                candidates = sorted((int(w[:-1]), u) for u, w in (c.strip().rsplit(" ", 1) for c in srcset.split(",")))
                need = slot(sizes) * dpr
                width, url = next(((w, u) for w, u in candidates if w >= need), candidates[-1])
                weight += os.path.getsize(os.path.normpath(os.path.join(root, url)))
            if weight > worst[dpr][0]:
                worst[dpr] = (weight, os.path.relpath(page, site))
for dpr, (weight, page) in worst.items():
    print(f"heaviest card at 390 px, DPR {dpr}: {weight / 1e3:.0f} KB of images ({page}){'  (target <= 400 KB)' if dpr == 1 else ''}")

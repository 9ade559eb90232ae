#!/usr/bin/env python3
"""Writes a stand-in for the real deck's images folder (not shipped in shared/data): one file for every
image the deck names, shaped like the real export (284 files, 174.6 MB, 46 over 1 MB, up to 4.0 MB and
4,936 px wide): photo-like JPEGs of 600–4,936 px, PNG diagrams, small GIFs and TIFF scans. Seeded:
the same deck always gives the same files.

usage: bench-images-standin.py DECK_FOLDER IMAGES_FOLDER
"""
import csv, io, os, random, sys
from PIL import Image, ImageDraw, ImageFilter

deck, out = sys.argv[1], sys.argv[2]
os.makedirs(out, exist_ok=True)
names = []
for file in sorted(os.listdir(deck)):
    if not file.endswith((".tsv", ".txt")):
        continue
    raw = open(os.path.join(deck, file), "rb").read()
    text = raw.decode("utf-16") if raw[:2] in (b"\xff\xfe", b"\xfe\xff") else raw.decode("mac_roman")
    rows = list(csv.reader(io.StringIO(text), delimiter="\t"))
    header = [h.strip().lower() for h in rows[0]]
    column = next(i for i, h in enumerate(header) if h in ("nil", "image", "images"))
    for row in rows[1:]:
        if len(row) > column and row[column].strip() and row[column].strip().lower() != "nil":
            names += [n.strip() for n in row[column].split(",") if n.strip()]
names = sorted(set(names))
rng = random.Random(14)

def photo(width, height, detail):
    """A fundus-like photo: a lit disc, vessels and grain (compresses like a real photo). Drawn and
    blurred at a quarter of the size, then enlarged, so a 4,936 px picture takes a moment, not minutes."""
    w, h = max(8, width // 4), max(8, height // 4)
    disc = Image.new("RGB", (w, h), (150, 60, 30))
    draw = ImageDraw.Draw(disc)
    draw.ellipse([w * .1, h * .05, w * .9, h * .95], fill=(200, 110, 60))
    draw.ellipse([w * .55, h * .4, w * .68, h * .58], fill=(250, 220, 150))
    for _ in range(14):
        x, y = rng.uniform(.1, .9) * w, rng.uniform(.1, .9) * h
        draw.line([w * .6, h * .5, x, y], fill=(120, 20, 20), width=max(1, w // 300))
    mottle = Image.effect_noise((max(8, w // 8), max(8, h // 8)), 60).convert("RGB").resize((w, h), Image.BICUBIC)
    image = Image.blend(disc.filter(ImageFilter.GaussianBlur(max(1, w / 200))), mottle, .25).resize((width, height), Image.BICUBIC)
    grain = Image.effect_noise((width, height), detail).convert("RGB")
    return Image.blend(image, grain, .08)

def diagram(width, height):
    image = Image.new("RGB", (width, height), "white")
    draw = ImageDraw.Draw(image)
    for _ in range(30):
        x, y = rng.uniform(0, width), rng.uniform(0, height)
        draw.rectangle([x, y, x + rng.uniform(20, width / 4), y + rng.uniform(10, height / 6)],
                       outline=(0, 0, 0), fill=tuple(rng.randrange(120, 256) for _ in range(3)), width=2)
    return Image.blend(image, photo(width, height, 20), .3)

big = 0
for index, name in enumerate(names):
    extension = name.rsplit(".", 1)[-1].lower()
    path = os.path.join(out, name)
    if extension in ("jpg", "jpeg"):
        width = rng.choice([4936, 4000, 3264, 3000, 2592]) if rng.random() < .3 else rng.randrange(600, 2400)
        height = int(width * rng.uniform(.62, .8))
        photo(width, height, 40).save(path, quality=92)
    elif extension == "png":
        width = rng.randrange(500, 1900)
        diagram(width, int(width * rng.uniform(.55, .9))).save(path)
    elif extension == "gif":
        width = rng.randrange(300, 700)
        diagram(width, int(width * .7)).convert("P").save(path)
    elif extension in ("tif", "tiff"):
        width = rng.randrange(1200, 2600)
        photo(width, int(width * .75), 30).save(path, compression="tiff_lzw")
    else:
        continue
    big += os.path.getsize(path) > 1_000_000
print(f"images: a generated stand-in for the {len(names)} images the deck names (the real images are not in shared/data)")

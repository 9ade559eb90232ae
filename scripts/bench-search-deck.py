#!/usr/bin/env python3
"""Writes a synthetic review deck of real-deck shape for the search benchmark.

usage: bench-search-deck.py CARDS OUT_DIR   (writes OUT_DIR/deck/deck.tsv and OUT_DIR/loupe.yml)

8 categories, ~40 topics, 5 header/info sections per card with bullets, sub-bullets, numbered
items, mnemonics, arrows and <b>/<i> markers; words drawn from a Zipf-distributed vocabulary of
pseudo-medical words (seeded, so every run writes the same bytes).
"""
import random
import sys
from pathlib import Path

cards, out = int(sys.argv[1]), Path(sys.argv[2])
rng = random.Random(20_000)
SYLLABLES = ["ret", "in", "o", "path", "y", "glau", "com", "a", "kera", "to", "con", "us", "uv", "e", "itis", "scle",
             "ral", "op", "tic", "neur", "my", "dri", "as", "is", "cho", "roid", "al", "mac", "ul", "ar", "vit", "re",
             "ous", "lens", "cat", "act", "cor", "ne", "pho", "bia", "stra", "bis", "mus", "ptos", "sis", "lid", "orb",
             "it", "pap", "ill", "ed", "ema", "hem", "or", "rhage", "an", "gi", "ogen", "esis", "fib", "rin", "ex"]
COMMON = ["the", "of", "and", "with", "in", "to", "is", "for", "or", "a", "by", "from", "on", "at", "due", "not"]
vocabulary = sorted({"".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 5))) for _ in range(30_000)})
rng.shuffle(vocabulary)
cumulative, total = [], 0.0
for rank in range(len(vocabulary)):
    total += 1 / (rank + 1) ** 1.05
    cumulative.append(total)


def words(count):
    picked = rng.choices(vocabulary, cum_weights=cumulative, k=count)
    return " ".join(w if rng.random() > 0.25 else rng.choice(COMMON) + " " + w for w in picked)


def title(count):
    return " ".join(w.capitalize() for w in rng.choices(vocabulary[:4000], k=count))


def info():
    lines = []
    for _ in range(rng.randint(2, 6)):
        kind = rng.random()
        if kind < 0.55:
            lines.append("- " + words(rng.randint(2, 9)))
        elif kind < 0.7:
            lines.append("## " + words(rng.randint(2, 6)))
        elif kind < 0.8:
            lines.append(f"{len(lines) + 1}. " + words(rng.randint(2, 6)))
        elif kind < 0.88:
            lines.append("* " + words(3).upper().replace(" ", "-"))
        else:
            lines.append(words(2) + " --> <b>" + words(2) + "</b> <i>" + words(1) + "</i>")
    return "\n".join(lines)


def cell(text):
    return '"' + text.replace('"', '""') + '"' if any(c in text for c in '\t\n"') else text


sections = 5
header = ["", "Category", "Topic", "Subtopic ", "nil", "Image Caption"]
for n in range(1, sections + 1):
    header += [f"Header {n}" if n == 1 else f"Header{n}", f"Info{n}"]
rows = ["\t".join(header)]
categories = [title(rng.randint(1, 2)) + f" {i}" for i in range(8)]
topics = [(categories[i % 8], title(rng.randint(1, 3)) + f" {i}") for i in range(40)]
for number in range(cards):
    category, topic = topics[number * len(topics) // cards]
    row = [str(number + 1), category, topic, title(rng.randint(2, 4)) + f" {number}", "nil", "nil"]
    for _ in range(sections):
        row += ["# " + words(rng.randint(3, 8)).capitalize() + "?", info()]
    rows.append("\t".join(cell(c) for c in row))
(out / "deck").mkdir(parents=True, exist_ok=True)
(out / "deck" / "deck.tsv").write_text("\r\n".join(rows) + "\r\n", encoding="utf-8")
(out / "loupe.yml").write_text("title: Search benchmark\n", encoding="utf-8")

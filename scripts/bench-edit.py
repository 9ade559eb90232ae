#!/usr/bin/env python3
"""Edits one word of one card's text, as a user fixing a typo would: the benchmarks' one-card edit.

usage: bench-edit.py DECK TAG
Replaces the first "retina" after the middle of a UTF-16 deck that lies in a card's question or
answer cell (at least six tabs after the row's start), never in its category, topic or title: the
generated deck uses the same words there, and renaming a topic or retitling a card rebuilds far more.
"""
import sys

path, tag = sys.argv[1], sys.argv[2]
text = open(path, "rb").read().decode("utf-16")
position = text.index("\n", len(text) // 2)
while True:
    position = text.index("retina", position + 1)
    line_start = text.rfind("\n", 0, position) + 1
    if text.count("\t", line_start, position) >= 6:
        break
open(path, "wb").write((text[:position] + f"edit{tag}a" + text[position + 6:]).encode("utf-16"))

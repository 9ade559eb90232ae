#!/usr/bin/env python3
"""Edits one word of one card's text, as a user fixing a typo would: the benchmarks' one-card edit.

usage: bench-edit.py DECK TAG
Replaces the first "retina" after the middle of a UTF-16 deck (once those are used up, the first
after the header) that lies in a card's question or answer cell (at least six tabs after the row's
start), never in its category, topic or title: the generated deck uses the same words there, and
renaming a topic or retitling a card rebuilds far more.
"""
import sys

path, tag = sys.argv[1], sys.argv[2]
text = open(path, "rb").read().decode("utf-16")
def answer_word(start, end):
    """The first "retina" in a question or answer cell between `start` and `end`, or None."""
    position = start
    while (position := text.find("retina", position + 1, end)) >= 0:
        line_start = text.rfind("\n", 0, position) + 1
        if text.count("\t", line_start, position) >= 6:
            return position
    return None

middle = text.index("\n", len(text) // 2)
# Every edit uses one word up: once the second half has none left, the first half's are taken.
position = answer_word(middle, len(text))
if position is None:
    position = answer_word(text.index("\n"), middle)
if position is None:
    sys.exit(f"bench-edit.py: no \"retina\" left in a question or answer of {path}; generate the deck again")
open(path, "wb").write((text[:position] + f"edit{tag}a" + text[position + 6:]).encode("utf-16"))

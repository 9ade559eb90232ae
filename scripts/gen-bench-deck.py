#!/usr/bin/env python3
"""Generates a synthetic review deck shaped like the real export, and the equivalent Hugo site.

usage: gen-bench-deck.py CARDS OUTDIR
  OUTDIR/content/deck/bench.tsv   UTF-16LE deck (8 categories, ~40 topics, 5 sections per card,
                                  bullets, sub-bullets, numbered items, mnemonics, underline)
  OUTDIR/content/loupe.yml, about.md
  OUTDIR/hugo/                    the same cards as Markdown pages with a minimal layout
"""
import os, random, sys

cards = int(sys.argv[1]); out = sys.argv[2]
rng = random.Random(42)
words = ("retina macula choroid vitreous optic nerve disc cup glaucoma pressure angle cornea lens cataract "
         "uveitis iris ciliary pupil reflex atrophy drusen edema hemorrhage exudate neovascular laser injection "
         "steroid antibody mutation autosomal dominant recessive syndrome bilateral unilateral chronic acute "
         "inflammation vessel artery vein occlusion ischemia field defect scotoma acuity contrast colour").split()
def phrase(n): return " ".join(rng.choice(words) for _ in range(n)).capitalize()
categories = [phrase(2) + f" {i}" for i in range(8)]
topics = [(categories[i % 8], phrase(3) + f" {i}") for i in range(40)]
header = ["", "Category", "Topic", "Subtopic ", "nil", "Image Caption"]
for n in range(1, 6): header += [f"Header {n}" if n == 1 else f"Header{n}", f"Info{n}"]
rows = ["\t".join(header)]
hugo_pages = []
for c in range(cards):
    category, topic = topics[c % 40]
    sub = phrase(3) + f" {c}"
    cells = [str(c // 3), category, topic, sub, "nil", "nil"]
    sections = []
    for s in range(5):
        q = f"# {phrase(5)}?"
        lines = [("\u2018- " if i == 0 else "- ") + phrase(7) for i in range(3)]
        lines.append("## " + phrase(5))
        if s == 2: lines += [f"{i}. {phrase(4)}" for i in (1, 2)]
        if s == 4: lines.append("* " + phrase(4) + " <u>mnemonic</u>")
        lines.append("- " + phrase(3) + " --> " + phrase(3) + " & <b>key</b>")
        info = "\n".join(lines)
        cells += [q, '"' + info.replace('"', '""') + '"']
        sections.append((q[2:], lines))
    rows.append("\t".join(cells))
    hugo_pages.append((category, topic, sub, sections, c))

def slug(t): return "-".join("".join(ch.lower() if ch.isalnum() else " " for ch in t).split())
os.makedirs(f"{out}/content/deck", exist_ok=True)
with open(f"{out}/content/deck/bench.tsv", "wb") as f:
    f.write(b"\xff\xfe" + ("\r\n".join(rows) + "\r\n").encode("utf-16-le"))
with open(f"{out}/content/loupe.yml", "w") as f: f.write("title: Bench\ndeck_name: bench\n")
with open(f"{out}/content/about.md", "w") as f: f.write("# About\n\nA synthetic benchmark deck.\n")

h = f"{out}/hugo"
for d in ("layouts/_default", "content"): os.makedirs(f"{h}/{d}", exist_ok=True)
with open(f"{h}/config.toml", "w") as f:
    f.write('baseURL = "/"\ntitle = "Bench"\ndisableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]\n'
            '[markup.goldmark.renderer]\nunsafe = true\n')
with open(f"{h}/layouts/_default/baseof.html", "w") as f:
    f.write('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title>'
            '<link rel="stylesheet" href="/site.css"></head><body><header><a href="/">Bench</a></header>'
            '<main>{{ block "main" . }}{{ end }}</main><nav><a href="/">Contents</a></nav></body></html>\n')
with open(f"{h}/layouts/_default/single.html", "w") as f:
    f.write('{{ define "main" }}<nav>{{ range .Ancestors.Reverse }}<a href="{{ .RelPermalink }}">{{ .Title }}</a> › {{ end }}</nav>'
            '<article><h1>{{ .Title }}</h1>{{ .Content }}</article>'
            '{{ with .PrevInSection }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}'
            '{{ with .NextInSection }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}{{ end }}\n')
with open(f"{h}/layouts/_default/list.html", "w") as f:
    f.write('{{ define "main" }}<h1>{{ .Title }}</h1><ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>{{ end }}\n')
made = set()
for category, topic, sub, sections, c in hugo_pages:
    d = f"{h}/content/{slug(category)}/{slug(topic)}"
    if d not in made:
        os.makedirs(d, exist_ok=True)
        for path, title in ((f"{h}/content/{slug(category)}/_index.md", category), (f"{d}/_index.md", topic)):
            with open(path, "w") as f: f.write(f'---\ntitle: "{title}"\n---\n')
        made.add(d)
    body = []
    for q, lines in sections:
        body.append(f"### {q}\n")
        for l in lines:
            l = l.replace("\u2018- ", "- ")
            if l.startswith("## "): l = "  - " + l[3:]
            elif l.startswith("* "): l = "\n**" + l[2:] + "**\n"
            body.append(l.replace("-->", "→"))
        body.append("")
    with open(f"{d}/{slug(sub)}-{c}.md", "w") as f:
        f.write(f'---\ntitle: "{sub}"\n---\n' + "\n".join(body) + "\n")
print(f"{cards} cards, {len(made)} topics -> {out}")

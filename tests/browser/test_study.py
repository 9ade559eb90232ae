"""Study mode in a real browser: reveal order, a full shuffle pass by keyboard, persistence across
reloads, notes that stay text, export -> rebuild -> Progress page, import and merge, bad exports.

Runs on the example content/ site (fixtures in conftest.py). The cards used are read from the
built study/cards.js, so the tests follow the deck rather than hard-coding its text.
"""
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

REPO = Path(__file__).resolve().parents[2]
KIND = "content"


def _index(site: Path):
    text = (site / "study" / "cards.js").read_text()
    return json.loads(text[text.index("=") + 1:].strip().rstrip(";"))


def _topic_with(site: Path, count: int, min_sections: int = 2):
    """(topic key, [card ids]) of the first topic with exactly `count` cards of min_sections+ sections."""
    index = _index(site)
    by_topic = {}
    for card_id, _title, topic, sections, _part in index["cards"]:
        by_topic.setdefault(index["topics"][topic][2], []).append((card_id, sections))
    for key, cards in by_topic.items():
        if len(cards) == count and all(s >= min_sections for _, s in cards):
            return key, [c for c, _ in cards]
    pytest.skip(f"no topic with {count} cards of {min_sections}+ sections")


def _card_with_sections(site: Path, minimum: int):
    for card_id, _title, _topic, sections, _part in _index(site)["cards"]:
        if sections >= minimum:
            return card_id, sections
    pytest.skip(f"no card with {minimum}+ sections")


def _open(driver, url):
    driver.get(url)
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")


def _fresh(driver, base):
    _open(driver, base + "index.html")
    driver.execute_script("localStorage.clear()")


def _visible_answers(driver, scope="article.card"):
    return driver.execute_script(
        "return Array.from(document.querySelectorAll(arguments[0] + ' .card-section > .answer'))"
        ".map(s => getComputedStyle(s).display !== 'none');", scope)


def _card_with_answers(site: Path, minimum: int):
    """A card id with at least `minimum` answers (sections with an info), read from the built page."""
    for card_id, _title, _topic, sections, _part in _index(site)["cards"]:
        if sections >= minimum and (site / "deck" / f"{card_id}.html").read_text().count('class="answer"') >= minimum:
            return card_id, (site / "deck" / f"{card_id}.html").read_text().count('class="answer"')
    pytest.skip(f"no card with {minimum}+ answers")


def _press(driver, key):
    driver.find_element(By.TAG_NAME, "body").send_keys(key)


def _study_one(driver, rating_key):
    """Reveals the current study card with Space, then rates it; returns the card id rated."""
    card = WebDriverWait(driver, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, "#study-stage article.card"))
    card_id = card.get_attribute("data-card")
    for _ in range(40):
        if driver.find_element(By.CSS_SELECTOR, "#study-stage .rate").is_displayed():
            break
        # A rating key before the last section must do nothing.
        _press(driver, rating_key)
        assert driver.execute_script("return Loupe.session.current()") == card_id
        _press(driver, Keys.SPACE)
    assert all(_visible_answers(driver, "#study-stage article.card"))
    before = driver.execute_script("return Loupe.store.reviews().length")
    _press(driver, rating_key)
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return Loupe.store.reviews().length") == before + 1)
    return card_id


# --------------------------------------------------------------------------------------------

def test_study_loads_only_the_parts_of_the_cards_it_shows(driver, site_url, site_dir, browser_errors):
    """Study data comes in parts of a few cards: shuffling loads the index and the part of each card
    shown, nothing else (a 10,000-card deck is 26 MB of study data)."""
    base, site = site_url(KIND), site_dir(KIND)
    index = _index(site)
    part_of = {c[0]: f"study/topics/{index['topics'][c[2]][2]}/{c[4]}.js" for c in index["cards"]}
    _fresh(driver, base)
    _open(driver, base + "study.html#seed=7")
    shown = [_study_one(driver, "3") for _ in range(3)]
    current = WebDriverWait(driver, 10).until(
        lambda d: d.execute_script("var a = document.querySelector('#study-stage article.card'); return a && a.getAttribute('data-card')"))
    shown.append(current)
    loaded = driver.execute_script(
        "return performance.getEntriesByType('resource').map(e => new URL(e.name).pathname.slice(1))"
        ".filter(p => p.startsWith('study/'))")
    assert sorted(set(loaded)) == sorted({"study/cards.js"} | {part_of[c] for c in shown}), shown
    assert browser_errors(driver) == []



@pytest.mark.parametrize("kind", ["content", "shared"])
def test_study_shows_the_card_pages_questions_one_level_down(phone, site_url, site_dir, browser_errors, kind):
    """A study card on a phone shows its card page's sections: every question, as an <h3> under the
    card's <h2> title (the data holds the page's <h2>; study.js moves headings one level down). On the
    example deck and, when ../shared is there, the real one."""
    driver = phone
    base, site = site_url(kind), site_dir(kind)
    _fresh(driver, base)
    _open(driver, base + "study.html#seed=3")
    card = WebDriverWait(driver, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, "#study-stage article.card .card-section"))
    card_id = driver.find_element(By.CSS_SELECTOR, "#study-stage article.card").get_attribute("data-card")
    page = (site / "deck" / f"{card_id}.html").read_text()
    questions = re.findall(r'<section class="card-section"[^>]*>\n<h2>(.*?)</h2>', page)
    assert questions, card_id
    shown = driver.execute_script(
        "return Array.from(document.querySelectorAll('#study-stage .card-section')).map(s => { var h = s.querySelector('h1, h2, h3, h4');"
        " return h ? [h.tagName, h.innerHTML] : null; })")
    assert [q for q in shown if q] == [["H3", q] for q in questions], card_id
    assert driver.find_elements(By.CSS_SELECTOR, "#study-stage .card-section h2") == []
    assert browser_errors(driver) == []


def test_reveal_order_on_a_card_page(driver, site_url, site_dir, browser_errors):
    base, site = site_url(KIND), site_dir(KIND)
    card_id, count = _card_with_answers(site, 3)
    _fresh(driver, base)
    _open(driver, base + f"deck/{card_id}.html")
    assert _visible_answers(driver) == [False] * count
    _press(driver, Keys.SPACE)
    assert _visible_answers(driver) == [True] + [False] * (count - 1)
    driver.find_element(By.CSS_SELECTOR, ".reveal-more").click()
    assert _visible_answers(driver) == [True, True] + [False] * (count - 2)
    driver.find_element(By.CSS_SELECTOR, ".reveal-all").click()
    assert all(_visible_answers(driver))
    # The note editor appears with JavaScript; the built note (if any) is above it.
    assert driver.find_element(By.CSS_SELECTOR, ".note-editor").is_displayed()
    assert browser_errors(driver) == []


def test_full_study_pass_by_keyboard_and_persistence(driver, site_url, site_dir, browser_errors):
    base, site = site_url(KIND), site_dir(KIND)
    topic, cards = _topic_with(site, 2)
    _fresh(driver, base)
    _open(driver, base + f"study.html#topic={topic}&seed=3")
    first = _study_one(driver, "3")     # Hard
    second = _study_one(driver, "1")    # Easy
    assert sorted([first, second]) == sorted(cards)
    # Pass 2: only the hard card comes back, twice; its second copy is shown because it is still
    # not completed after Unsure (a copy is skipped only once the card is completed).
    assert driver.execute_script("return Loupe.session.pass") == 2
    assert driver.execute_script("return Loupe.session.queue") == [first, first]
    assert _study_one(driver, "2") == first     # Unsure
    assert driver.execute_script("return Loupe.session.pass") == 2
    assert _study_one(driver, "1") == first     # Easy: completed, no pass 3
    WebDriverWait(driver, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, ".study-done"))
    assert "All done" in driver.find_element(By.CSS_SELECTOR, ".study-done").text

    reviews = driver.execute_script("return Loupe.store.reviews()")
    assert [(r["card"], r["rating"]) for r in reviews] == [(first, "hard"), (second, "easy"), (first, "unsure"), (first, "easy")]
    entry = driver.execute_script("return Loupe.store.card(arguments[0])", first)
    assert entry["repeat"] == 1 and entry["fsrs"]["state"] in ("learning", "review") and entry["fsrs"]["due"] > 0

    # Reload: progress survives; the topic list marks both cards completed.
    driver.refresh()
    assert len(driver.execute_script("return Loupe.store.reviews()")) == 4
    category, topic_slug = topic.split("/")
    _open(driver, base + f"deck/{category}/{topic_slug}/index.html")
    marks = driver.find_elements(By.CSS_SELECTOR, ".card-list .done-mark")
    assert len(marks) == 2
    _open(driver, base + "progress.html")
    live = WebDriverWait(driver, 10).until(lambda d: d.find_element(By.ID, "progress-live"))
    WebDriverWait(driver, 10).until(lambda d: live.is_displayed())
    assert live.find_element(By.CSS_SELECTOR, "tr.overall .completed").text == "2"
    assert "4 cards" not in live.text  # sessions line counts distinct cards
    assert "2 cards, 2 easy, 1 unsure, 1 hard, 2 completed" in live.text
    assert browser_errors(driver) == []


def test_notes_stay_text(driver, site_url, site_dir, browser_errors):
    base, site = site_url(KIND), site_dir(KIND)
    topic, cards = _topic_with(site, 2)
    hostile = "<script>window.__pwned = 1</script><img src=x onerror=\"window.__pwned=2\"><b>bold?</b>\nsecond line"
    _fresh(driver, base)
    _open(driver, base + f"deck/{cards[0]}.html")
    area = driver.find_element(By.ID, "note-text")
    area.send_keys(hostile)
    driver.find_element(By.CSS_SELECTOR, ".note-save").click()
    assert "Saved" in driver.find_element(By.CSS_SELECTOR, ".note-status").text
    driver.refresh()
    assert driver.find_element(By.ID, "note-text").get_attribute("value") == hostile
    category, topic_slug = topic.split("/")
    _open(driver, base + f"deck/{category}/{topic_slug}/index.html")
    item = driver.find_element(By.CSS_SELECTOR, f'.card-list li[data-card="{cards[0]}"]')
    assert item.find_elements(By.CSS_SELECTOR, ".note-icon")
    _open(driver, base + "notes.html")
    live = WebDriverWait(driver, 10).until(lambda d: d.find_element(By.ID, "notes-live"))
    WebDriverWait(driver, 10).until(lambda d: live.is_displayed())
    body = live.find_element(By.CSS_SELECTOR, f'li[data-card="{cards[0]}"] .note-text')
    assert body.text.startswith("<script>window.__pwned = 1</script>")
    assert body.find_elements(By.CSS_SELECTOR, "*") == []  # no element was created from the note
    time.sleep(0.3)
    assert driver.execute_script("return window.__pwned === undefined")
    assert browser_errors(driver) == []


def _build(content: Path, out: Path):
    binary = Path(os.environ.get("LOUPE_BIN", REPO / ".build" / "debug" / "loupe"))
    if not binary.is_absolute():
        binary = REPO / binary
    if not binary.exists():
        pytest.skip(f"loupe binary not found at {binary}")
    return subprocess.run([str(binary), "build", "--content", str(content), "--out", str(out)],
                          cwd=REPO, capture_output=True, text=True, timeout=600)


class _Server:
    def __init__(self, directory: Path):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.process = subprocess.Popen([sys.executable, "-m", "http.server", str(self.port), "--bind", "127.0.0.1",
                                         "--directory", str(directory)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.url = f"http://127.0.0.1:{self.port}/"
        for _ in range(100):
            try:
                urllib.request.urlopen(self.url + "index.html", timeout=1).close()
                break
            except OSError:
                time.sleep(0.05)

    def close(self):
        self.process.terminate()
        self.process.wait(timeout=10)


def _complete_json(folder):
    """The document of the one .json file in `folder` once it parses, else False (not there, or not
    written whole yet)."""
    for path in folder.glob("*.json"):
        try:
            return json.loads(path.read_text())
        except (OSError, ValueError):
            return False
    return False


def test_export_then_build_shows_the_exported_numbers(driver, site_url, site_dir, tmp_path, browser_errors):
    base, site = site_url(KIND), site_dir(KIND)
    topic, cards = _topic_with(site, 2)
    _fresh(driver, base)
    _open(driver, base + f"study.html#topic={topic}&seed=5")
    _study_one(driver, "1")
    _study_one(driver, "2")
    assert driver.execute_script("return Loupe.session.pass") == 2

    downloads = tmp_path / "downloads"
    downloads.mkdir()
    driver.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)})
    _open(driver, base + "progress.html")
    button = WebDriverWait(driver, 10).until(lambda d: d.find_element(By.ID, "study-export"))
    WebDriverWait(driver, 10).until(lambda d: button.is_displayed())
    button.click()
    # The file can appear before Chromium has written it: wait until it holds the whole document.
    data = WebDriverWait(driver, 15).until(lambda d: _complete_json(downloads))
    exported = next(downloads.glob("*.json"))
    assert data["format"] == "loupe-study" and data["version"] == 1
    assert len(data["reviews"]) == 2
    try:
        import jsonschema
        jsonschema.validate(data, json.loads((REPO / "docs" / "schemas" / "study-export.schema.json").read_text()))
    except ImportError:
        pass
    completed = sum(1 for c in data["cards"].values() if c["repeat"] == 1)
    assert completed == 1

    # Put the file in a copy of the content's progress/ (without the example export) and rebuild.
    content = tmp_path / "content"
    shutil.copytree(REPO / "content", content)
    for old in (content / "progress").glob("study*.json"):
        old.unlink()
    shutil.rmtree(content / "notes", ignore_errors=True)
    shutil.copy(exported, content / "progress" / exported.name)
    run = _build(content, tmp_path / "site")
    assert run.returncode == 0, run.stderr
    server = _Server(tmp_path / "site")
    try:
        _open(driver, server.url + "progress.html")
        saved = driver.find_element(By.ID, "progress-saved")
        assert saved.find_element(By.CSS_SELECTOR, "tr.overall .completed").text == str(completed)
        assert saved.find_element(By.CSS_SELECTOR, "progress").get_attribute("value") == str(completed)
        assert "2 answers in 1 session." in driver.find_element(By.ID, "progress-history").text
        assert driver.find_elements(By.CSS_SELECTOR, "#progress-history svg.review-chart rect")
        rows = driver.find_elements(By.CSS_SELECTOR, "#progress-sessions tbody tr")
        assert len(rows) == 1
        cells = [c.text for c in rows[0].find_elements(By.TAG_NAME, "td")]
        assert cells[2].startswith("2") and cells[3:] == ["1", "1", "0", "1"]
    finally:
        server.close()
    assert browser_errors(driver) == []


def test_import_merges_and_reports(driver, site_url, site_dir, tmp_path, browser_errors):
    base, site = site_url(KIND), site_dir(KIND)
    _topic, cards = _topic_with(site, 2)
    _fresh(driver, base)
    driver.execute_script("Loupe.store.set('note:' + arguments[0], {text: 'mine', updatedAt: '2025-05-01T00:00:00.000Z'})", cards[0])
    export = {
        "format": "loupe-study", "version": 1, "deck": "another-deck", "exportedAt": "2025-05-02T00:00:00.000Z",
        "cards": {cards[1]: {"repeat": 1, "updatedAt": "2025-05-02T00:00:00.000Z"}},
        "notes": {cards[0]: {"text": "theirs <script>x()</script>", "updatedAt": "2025-05-02T00:00:00.000Z"},
                  "gone/old/card": {"text": "kept although the card is gone"}},
        "reviews": [{"card": cards[1], "rating": "easy", "at": "2025-05-02T00:00:00.000Z"}],
    }
    path = tmp_path / "import.json"
    path.write_text(json.dumps(export))
    _open(driver, base + "progress.html")
    field = driver.find_element(By.ID, "study-import")
    field.send_keys(str(path))
    report = WebDriverWait(driver, 10).until(lambda d: d.find_element(By.ID, "study-import-report").text or None)
    assert "Imported 1 new reviews" in report
    assert cards[0] in report  # the conflict is named
    assert "another-deck" in report
    merged = driver.execute_script("return Loupe.store.note(arguments[0]).text", cards[0])
    assert merged.startswith("mine") and merged.endswith("theirs <script>x()</script>")
    assert driver.execute_script("return Loupe.store.note('gone/old/card').text") == "kept although the card is gone"
    assert driver.execute_script("return Loupe.store.card(arguments[0]).repeat", cards[1]) == 1
    # Importing again adds nothing.
    field.send_keys(str(path))
    WebDriverWait(driver, 10).until(lambda d: "Imported 0 new reviews" in d.find_element(By.ID, "study-import-report").text)
    # A file from a newer Loupe is refused whole.
    newer = tmp_path / "newer.json"
    newer.write_text(json.dumps({"format": "loupe-study", "version": 9, "reviews": []}))
    field.send_keys(str(newer))
    WebDriverWait(driver, 10).until(lambda d: "version 9" in d.find_element(By.ID, "study-import-report").text)
    assert browser_errors(driver) == []


def test_bad_and_orphaned_exports_at_build_time(tmp_path):
    content = tmp_path / "content"
    shutil.copytree(REPO / "content", content)
    orphan = {"format": "loupe-study", "version": 1, "deck": "eye-review",
              "notes": {"removed/topic/card": {"text": "old note <script>alert(1)</script>"}},
              "reviews": [{"card": "removed/topic/card", "rating": "hard", "at": "2025-05-01T10:00:00.000Z"}]}
    (content / "progress" / "study-old.json").write_text(json.dumps(orphan, indent=1))
    run = _build(content, tmp_path / "site")
    assert run.returncode == 0, run.stderr
    assert "card 'removed/topic/card' is not in the deck" in run.stderr
    notes = (tmp_path / "site" / "notes.html").read_text()
    assert "old note &lt;script&gt;alert(1)&lt;/script&gt;" in notes and "<script>alert" not in notes
    assert "removed/topic/card" in (tmp_path / "site" / "progress.html").read_text()

    (content / "progress" / "study-old.json").write_text('{\n "format": "loupe-study",\n "version": 2\n}\n')
    run = _build(content, tmp_path / "site2")
    assert run.returncode == 1
    assert "progress/study-old.json:3:13: error: this export is format version 2" in run.stderr
    assert not (tmp_path / "site2").exists()

    (content / "progress" / "study-old.json").write_text('{"format": "loupe-study", "version": 1, "reviews": [')
    run = _build(content, tmp_path / "site3")
    assert run.returncode == 1
    assert "progress/study-old.json:1:53: error: not valid JSON" in run.stderr

"""What students expect from a study tool, in a real browser: a session survives a reload, Due today
with daily limits, a whole category, undo, the next FSRS interval on each rating button, a heatmap and
counts on Progress, images that enlarge in study mode, imports whose card ids are "constructor" or
"__proto__"; the search box's results on a phone and a laptop; and a published site that names no
local folder. Runs on the example content/ site."""
import json
import os
import subprocess
from pathlib import Path

import pytest
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

REPO = Path(__file__).resolve().parents[2]
KIND = "content"


def _open(browser, url):
    browser.get(url)
    WebDriverWait(browser, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")


def _index(site: Path):
    text = (site / "study" / "cards.js").read_text()
    return json.loads(text[text.index("=") + 1:].strip().rstrip(";"))


def _fresh(browser, base):
    _open(browser, base + "index.html")
    browser.execute_script("localStorage.clear()")


def _status(browser):
    """The study page's status line; "" while the page is being replaced (a mode link changes the hash,
    and the page reloads: an element found just before that is stale when read)."""
    try:
        return browser.find_element(By.ID, "study-status").text
    except (NoSuchElementException, StaleElementReferenceException):
        return ""


def _current(browser):
    return WebDriverWait(browser, 10).until(
        lambda d: d.find_element(By.CSS_SELECTOR, "#study-stage article.card")).get_attribute("data-card")


def _rate(browser, key):
    """Reveals every answer of the current study card, then rates it with a key; returns the card id."""
    card = _current(browser)
    browser.execute_script("Loupe.reveal && Loupe.reveal.showAll()")
    before = browser.execute_script("return Loupe.store.reviews().length")
    browser.find_element(By.TAG_NAME, "body").send_keys(key)
    WebDriverWait(browser, 10).until(lambda d: d.execute_script("return Loupe.store.reviews().length") == before + 1)
    _settled(browser)
    return card


def _settled(browser):
    """Waits until the stage shows the session's current card (or the end)."""
    WebDriverWait(browser, 10).until(lambda d: d.execute_script(
        "const a = document.querySelector('#study-stage article.card'), id = Loupe.session.current();"
        "return id === null ? !!document.querySelector('.study-done') : !!a && a.dataset.card === id;"))


def test_a_session_survives_a_reload(laptop, site_url, site_dir, browser_errors):
    base, site = site_url(KIND), site_dir(KIND)
    index = _index(site)
    topic_counts = {}
    for _id, _t, topic, _s, _p in index["cards"]:
        topic_counts[topic] = topic_counts.get(topic, 0) + 1
    topic = next(index["topics"][t][2] for t, n in topic_counts.items() if n >= 3)
    _fresh(laptop, base)
    _open(laptop, base + f"study.html#topic={topic}")
    first = _rate(laptop, "1")  # Easy: completed, must not come back
    second = _current(laptop)
    state = laptop.execute_script("return [Loupe.session.pass, Loupe.session.position, Loupe.session.queue]")
    laptop.refresh()
    WebDriverWait(laptop, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")
    assert _current(laptop) == second
    assert laptop.execute_script("return [Loupe.session.pass, Loupe.session.position, Loupe.session.queue]") == state
    assert "Resumed" in laptop.find_element(By.ID, "study-status").text
    # The rest of the session never shows the completed card again.
    seen = []
    for _ in range(40):
        if laptop.find_elements(By.CSS_SELECTOR, ".study-done"):
            break
        seen.append(_rate(laptop, "1"))
    assert first not in seen and laptop.find_elements(By.CSS_SELECTOR, ".study-done")
    # Finished: the next visit starts a new session.
    laptop.refresh()
    assert "Resumed" not in WebDriverWait(laptop, 10).until(_status)
    assert browser_errors(laptop) == []


def test_undo_and_next_intervals(laptop, site_url, browser_errors):
    base = site_url(KIND)
    _fresh(laptop, base)
    _open(laptop, base + "study.html#seed=4")
    card = _current(laptop)
    laptop.execute_script("Loupe.reveal && Loupe.reveal.showAll()")
    labels = {b.get_attribute("data-rating"): b.find_element(By.CSS_SELECTOR, ".rate-interval").text
              for b in laptop.find_elements(By.CSS_SELECTOR, ".rate button")}
    # A new card: FSRS learning steps (1 min for Again, 6 min for Hard, 10 min for Good).
    assert labels == {"hard": "1 min", "unsure": "6 min", "easy": "10 min"}
    _rate(laptop, "3")
    assert _current(laptop) != card
    undo = laptop.find_element(By.CSS_SELECTOR, ".study-undo")
    assert undo.is_displayed()
    undo.click()
    _settled(laptop)
    WebDriverWait(laptop, 5).until(lambda d: _current(d) == card)
    assert laptop.execute_script("return Loupe.store.reviews().length") == 0
    assert laptop.execute_script("return Loupe.store.card(arguments[0])", card) is None
    assert not laptop.find_element(By.CSS_SELECTOR, ".study-undo").is_displayed()
    # The keyboard works too: U takes back the last rating.
    _rate(laptop, "1")
    laptop.find_element(By.TAG_NAME, "body").send_keys("u")
    _settled(laptop)
    WebDriverWait(laptop, 5).until(lambda d: _current(d) == card)
    assert browser_errors(laptop) == []


def test_due_today_with_daily_limits(laptop, site_url, site_dir, browser_errors):
    base, site = site_url(KIND), site_dir(KIND)
    _fresh(laptop, base)
    _open(laptop, base + "progress.html")
    box = WebDriverWait(laptop, 5).until(lambda d: d.find_element(By.ID, "study-settings"))
    assert box.is_displayed()
    for field, value in (("limit-new", "2"), ("limit-reviews", "0")):
        element = laptop.find_element(By.ID, field)
        element.clear()
        element.send_keys(value)
    laptop.find_element(By.CSS_SELECTOR, "#study-settings button[type=submit]").click()
    assert "2 new cards and 0 reviews a day" in laptop.find_element(By.ID, "study-settings-status").text
    # The study page's "Due today" (a link that only changes the hash) starts today's cards: 2 new ones.
    _open(laptop, base + "study.html")
    laptop.find_element(By.CSS_SELECTOR, '.study-modes a[data-mode="due"]').click()
    WebDriverWait(laptop, 10).until(lambda d: "new card" in _status(d))
    assert laptop.execute_script("return Loupe.session.cards.length") == 2
    assert "2 new cards" in laptop.find_element(By.ID, "study-status").text
    _rate(laptop, "1")
    _rate(laptop, "1")
    WebDriverWait(laptop, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".study-done"))
    # Both new cards of today are used and no reviews are allowed: Due today has nothing left.
    _open(laptop, base + "index.html")
    _open(laptop, base + "study.html#due")
    WebDriverWait(laptop, 10).until(lambda d: "Nothing is due today" in _status(d))
    assert browser_errors(laptop) == []


def test_study_a_whole_category(laptop, site_url, site_dir):
    base, site = site_url(KIND), site_dir(KIND)
    index = _index(site)
    counts = {}
    for _id, _t, topic, _s, _p in index["cards"]:
        category = index["topics"][topic][2].split("/")[0]
        counts[category] = counts.get(category, 0) + 1
    category = max(counts, key=counts.get)
    _fresh(laptop, base)
    _open(laptop, base + f"deck/{category}/index.html")
    laptop.find_element(By.CSS_SELECTOR, f'a[href$="study.html#category={category}"]').click()
    _current(laptop)
    assert laptop.execute_script("return Loupe.session.cards.length") == counts[category]
    assert all(c.startswith(category + "/") for c in laptop.execute_script("return Loupe.session.cards"))


def test_progress_heatmap_and_counts(laptop, site_url):
    base = site_url(KIND)
    _fresh(laptop, base)
    laptop.execute_script("""
      const now = Date.now(), day = 86400000, log = [];
      [0, 0, 0, 1, 3].forEach((ago, i) => log.push({card: 'x/y/c' + i, rating: 'easy', at: new Date(now - ago * day).toISOString()}));
      Loupe.store.set('reviews', log);
      log.forEach(r => Loupe.store.set('card:' + r.card, {repeat: 1, updatedAt: r.at}));""")
    _open(laptop, base + "progress.html")
    live = WebDriverWait(laptop, 10).until(lambda d: d.find_element(By.ID, "progress-live"))
    WebDriverWait(laptop, 10).until(lambda d: live.is_displayed())
    counts = live.find_element(By.CSS_SELECTOR, ".study-counts").text
    assert "3 reviews today" in counts and "5 reviews in all" in counts and "2 day streak" in counts
    cells = live.find_elements(By.CSS_SELECTOR, ".heatmap .day[data-count]")
    assert len(cells) > 150
    assert cells[-1].get_attribute("data-count") == "3" and cells[-2].get_attribute("data-count") == "1"
    assert "level-4" in cells[-1].get_attribute("class") and "level-0" in cells[-3].get_attribute("class")


def test_images_enlarge_in_study_mode(laptop, site_url, site_dir):
    base, site = site_url(KIND), site_dir(KIND)
    card = next(c[0] for c in _index(site)["cards"] if 'class="shot"' in (site / "deck" / f"{c[0]}.html").read_text())
    topic = card.rsplit("/", 1)[0]
    _fresh(laptop, base)
    _open(laptop, base + f"study.html#topic={topic}&seed=1")
    for _ in range(10):
        if _current(laptop) == card:
            break
        _rate(laptop, "1")
    assert _current(laptop) == card
    laptop.find_element(By.CSS_SELECTOR, "#study-stage a.zoom").click()
    WebDriverWait(laptop, 5).until(lambda d: d.find_elements(By.CSS_SELECTOR, "dialog.zoom-view[open]"))
    # Keys inside the viewer do not rate the card.
    laptop.switch_to.active_element.send_keys("1")
    assert _current(laptop) == card
    laptop.switch_to.active_element.send_keys(Keys.ESCAPE)


@pytest.mark.parametrize("odd", ["constructor", "__proto__", "toString", "hasOwnProperty"])
def test_import_with_prototype_named_card_ids(laptop, site_url, tmp_path, odd):
    base = site_url(KIND)
    _fresh(laptop, base)
    export = {"format": "loupe-study", "version": 1, "deck": "eye-review",
              "cards": {odd: {"repeat": 1, "updatedAt": "2025-05-02T00:00:00.000Z"}},
              "notes": {odd: {"text": "note on " + odd}},
              "reviews": [{"card": odd, "rating": "easy", "at": "2025-05-02T00:00:00.000Z"}]}
    path = tmp_path / f"{odd}.json"
    path.write_text(json.dumps(export))
    _open(laptop, base + "progress.html")
    laptop.find_element(By.ID, "study-import").send_keys(str(path))
    report = WebDriverWait(laptop, 10).until(lambda d: d.find_element(By.ID, "study-import-report").text or None)
    assert "Imported 1 new reviews" in report and "1 new notes" in report, report
    assert laptop.execute_script("return Loupe.store.card(arguments[0]).repeat", odd) == 1
    assert laptop.execute_script("return Loupe.store.note(arguments[0]).text", odd) == "note on " + odd
    assert laptop.execute_script("return Object.getPrototypeOf({}) === Object.prototype && ({}).constructor === Object")


@pytest.mark.parametrize("device", ["phone", "laptop"])
def test_search_results_fit_and_stay_on_top(request, site_url, device):
    browser = request.getfixturevalue(device)
    base = site_url(KIND)
    _open(browser, base + "index.html")
    field = browser.find_element(By.ID, "search-input")
    field.click()
    field.send_keys("retina")
    WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#search-results a.search-result"))
    width = browser.execute_script("return document.documentElement.clientWidth")
    box = browser.execute_script("const r = document.getElementById('search-results').getBoundingClientRect(); return [r.left, r.right, r.bottom];")
    assert box[0] >= 0 and box[1] <= width, f"results box {box} runs past the {width} px screen"
    assert browser.execute_script("return document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    # The top result is really on top: what is under its middle belongs to it (not the tab bar).
    assert browser.execute_script(
        "const a = document.querySelector('#search-results a.search-result'), r = a.getBoundingClientRect();"
        "return a.contains(document.elementFromPoint(r.left + r.width / 2, r.top + 6));")
    if device == "phone":
        tab_top = browser.execute_script("return document.querySelector('.tab-bar').getBoundingClientRect().top")
        assert box[2] <= tab_top + 0.5, "the results run under the tab bar"
    field.send_keys(Keys.ESCAPE)


def test_no_results_does_not_flash_while_typing(laptop, site_url):
    base = site_url(KIND)
    _open(laptop, base + "index.html")
    laptop.execute_script("""
      window.__flashes = 0;
      new MutationObserver(() => { if (document.querySelector('#search-results .none')) window.__flashes++; })
        .observe(document.getElementById('search-results'), {childList: true, subtree: true});""")
    field = laptop.find_element(By.ID, "search-input")
    for word in ("retina ", "detachment"):
        for ch in word:
            field.send_keys(ch)
    WebDriverWait(laptop, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#search-results a.search-result"))
    WebDriverWait(laptop, 3).until(lambda d: d.execute_script("return Loupe.lastSearch && Loupe.lastSearch.query") == "retina detachment")
    assert laptop.execute_script("return window.__flashes") == 0


def test_same_content_builds_byte_identical_from_any_folder(tmp_path):
    binary = Path(os.environ.get("LOUPE_BIN", REPO / ".build" / "debug" / "loupe"))
    if not binary.is_absolute():
        binary = REPO / binary
    if not binary.exists():
        pytest.skip(f"loupe binary not found at {binary}")
    import shutil
    outputs = []
    for name in ("first-home", "another/deeper/place"):
        content = tmp_path / name / "content"
        shutil.copytree(REPO / "content", content)
        out = tmp_path / name / "site"
        run = subprocess.run([str(binary), "build", "--content", str(content), "--out", str(out),
                              "--templates", str(REPO / "Templates")], cwd=tmp_path,
                             capture_output=True, text=True, timeout=600)
        assert run.returncode == 0, run.stderr
        outputs.append(out)
    files = sorted(p.relative_to(outputs[0]) for p in outputs[0].rglob("*") if p.is_file() and ".loupe" not in p.parts)
    assert files == sorted(p.relative_to(outputs[1]) for p in outputs[1].rglob("*") if p.is_file() and ".loupe" not in p.parts)
    for relative in files:
        a, b = (outputs[0] / relative).read_bytes(), (outputs[1] / relative).read_bytes()
        assert a == b, f"{relative} differs between builds from two folders"
        assert str(tmp_path).encode() not in a, f"{relative} names the folder it was built from"


def test_search_lists_categories_and_topics(laptop, site_url, site_dir):
    base, site = site_url(KIND), site_dir(KIND)
    index = _index(site)
    category = index["categories"][index["topics"][0][0]]
    topic = index["topics"][0]
    _open(laptop, base + "index.html")
    for query, url in ((category, "deck/" + topic[2].split("/")[0] + "/index.html"), (topic[1], topic[3])):
        titles = laptop.execute_async_script(
            "const done = arguments[1]; Loupe.search(arguments[0], 8).then(r => done(r.items.map(i => i.url)));", query)
        assert titles and titles[0] == url, f"{query!r} should list {url} first, got {titles}"

"""The card page as students use it, on a phone (390 x 844, touch) and a laptop: recall first (questions
shown, answers hidden, one answer per tap / Space / Enter / →), controls that disappear when they
should, the image viewer (swipe, zoom, nothing over the picture), the tab bar never covering what was
just revealed, and few tab stops before the first control. Runs on the example content/ site."""
import json
import re
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

KIND = "content"


def _open(browser, url):
    browser.get(url)
    WebDriverWait(browser, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")


def _cards(site: Path):
    text = (site / "study" / "cards.js").read_text()
    return json.loads(text[text.index("=") + 1:].strip().rstrip(";"))["cards"]


def _card_where(site: Path, test, what):
    for card_id, *_ in _cards(site):
        html = (site / "deck" / f"{card_id}.html").read_text()
        if test(html):
            return card_id, html
    pytest.skip(f"no card with {what}")


def _answers(browser):
    return browser.execute_script(
        "return Array.from(document.querySelectorAll('article.card .card-section > .answer'))"
        ".map(a => getComputedStyle(a).display !== 'none' && a.getBoundingClientRect().height > 0);")


def _questions_visible(browser):
    return browser.execute_script(
        "return Array.from(document.querySelectorAll('article.card .card-section h2'))"
        ".every(h => h.getBoundingClientRect().height > 0);")


def _tap(browser, element):
    """A real touch tap (touchstart/touchend through the DevTools protocol) at the element's centre."""
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    # The middle of the part of the element that is on the screen.
    x, y = browser.execute_script(
        "const r = arguments[0].getBoundingClientRect();"
        "const l = Math.max(r.left, 0), t = Math.max(r.top, 0), ri = Math.min(r.right, innerWidth), b = Math.min(r.bottom, innerHeight);"
        "return [(l + ri) / 2, t + Math.min((b - t) / 2, 12)];", element)
    point = [{"x": x, "y": y}]
    browser.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": point})
    browser.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def _swipe(browser, element, dx):
    x, y = browser.execute_script(
        "const r = arguments[0].getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2];", element)
    browser.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for step in range(1, 6):
        browser.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x + dx * step / 5, "y": y + 2}]})
    browser.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def _press(browser, key):
    browser.execute_script("document.activeElement && document.activeElement.blur && document.activeElement.blur()")
    browser.find_element(By.TAG_NAME, "body").send_keys(key)


def _rect(browser, element):
    return browser.execute_script("const r = arguments[0].getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height};", element)


def _tab_bar_top(browser):
    return browser.execute_script("return document.querySelector('.tab-bar').getBoundingClientRect().top")


@pytest.fixture(params=["phone", "laptop"])
def device(request):
    return request.param, request.getfixturevalue(request.param)


def test_recall_first_one_answer_per_gesture(device, site_url, site_dir, browser_errors):
    name, browser = device
    base, site = site_url(KIND), site_dir(KIND)
    card_id, html = _card_where(site, lambda h: h.count('class="answer"') >= 4, "4+ answers")
    count = html.count('class="answer"')
    _open(browser, base + f"deck/{card_id}.html")
    # Arrival: every question visible, no answer visible, the ▼ and "Show all" offered.
    assert _questions_visible(browser)
    assert _answers(browser) == [False] * count
    more = browser.find_element(By.CSS_SELECTOR, ".reveal-more")
    assert more.is_displayed() and browser.find_element(By.CSS_SELECTOR, ".reveal-all").is_displayed()
    # The ▼ sits right under the first question, where its answer will appear.
    first = browser.find_element(By.CSS_SELECTOR, ".card-section")
    assert first.find_elements(By.CSS_SELECTOR, ".reveal-more")
    # One answer per gesture: a tap (touch on the phone, a click on the laptop), Space, Enter, →.
    question = browser.find_element(By.CSS_SELECTOR, ".card-section h2")
    if name == "phone":
        _tap(browser, question)
    else:
        question.click()
    assert _answers(browser) == [True] + [False] * (count - 1)
    _press(browser, Keys.SPACE)
    assert _answers(browser) == [True, True] + [False] * (count - 2)
    _press(browser, Keys.ENTER)
    assert _answers(browser) == [True] * 3 + [False] * (count - 3)
    _press(browser, Keys.ARROW_RIGHT)
    assert _answers(browser) == [True] * 4 + [False] * (count - 4)
    while not all(_answers(browser)):
        browser.find_element(By.CSS_SELECTOR, ".reveal-more").click()
    # Done: the ▼ and "Show all" are gone (the hidden attribute must win over button styles).
    assert not browser.find_element(By.CSS_SELECTOR, ".reveal-more").is_displayed()
    assert not browser.find_element(By.CSS_SELECTOR, ".reveal-all").is_displayed()
    assert "All" in browser.find_element(By.CSS_SELECTOR, ".reveal-status").text
    _press(browser, Keys.SPACE)  # nothing left: no error, still all shown
    assert all(_answers(browser))
    assert browser_errors(browser) == []


def test_show_all_and_links_to_a_section(laptop, site_url, site_dir):
    base, site = site_url(KIND), site_dir(KIND)
    card_id, html = _card_where(site, lambda h: h.count('class="answer"') >= 3, "3+ answers")
    count = html.count('class="answer"')
    _open(laptop, base + f"deck/{card_id}.html")
    laptop.find_element(By.CSS_SELECTOR, ".reveal-all").click()
    assert all(_answers(laptop))
    assert not laptop.find_element(By.CSS_SELECTOR, ".reveal-more").is_displayed()
    # A search result links to a section: that answer and the ones before it are shown.
    _open(laptop, base + "index.html")
    _open(laptop, base + f"deck/{card_id}.html#s2")
    assert _answers(laptop) == [True, True] + [False] * (count - 2)


def test_without_javascript_every_answer_is_visible(nojs, site_url, site_dir):
    base, site = site_url(KIND), site_dir(KIND)
    card_id, html = _card_where(site, lambda h: h.count('class="answer"') >= 2, "2+ answers")
    _open(nojs, base + f"deck/{card_id}.html")
    assert all(_answers(nojs)) and len(_answers(nojs)) == html.count('class="answer"')
    assert nojs.find_elements(By.CSS_SELECTOR, ".reveal-more") == []


def test_tab_bar_never_covers_what_was_revealed(phone, site_url, site_dir):
    base, site = site_url(KIND), site_dir(KIND)
    card_id, html = _card_where(site, lambda h: h.count('class="answer"') >= 4 and 'class="shot"' in h, "4+ answers and an image")
    _open(phone, base + f"deck/{card_id}.html")
    count = html.count('class="answer"')
    for index in range(count):
        _tap(phone, phone.find_element(By.CSS_SELECTOR, ".reveal-more"))
        answer = phone.find_elements(By.CSS_SELECTOR, "article.card .card-section > .answer")[index]
        bar_top = _tab_bar_top(phone)
        box = _rect(phone, answer)
        if box["height"] < bar_top - 80:
            assert box["bottom"] <= bar_top + 0.5, f"answer {index + 1} ends under the tab bar ({box['bottom']} > {bar_top})"
        if index < count - 1:
            more = _rect(phone, phone.find_element(By.CSS_SELECTOR, ".reveal-more"))
            assert more["bottom"] <= bar_top + 0.5, f"the ▼ after answer {index + 1} is under the tab bar"
    # Keyboard focus on "Save note" scrolls it clear of the tab bar too.
    save = phone.find_element(By.CSS_SELECTOR, ".note-save")
    phone.execute_script("window.scrollTo(0, 0); arguments[0].focus()", save)
    assert _rect(phone, save)["bottom"] <= _tab_bar_top(phone) + 0.5


def test_few_tab_stops_before_the_first_control(laptop, site_url, site_dir):
    base, site = site_url(KIND), site_dir(KIND)
    card_id, html = _card_where(site, lambda h: h.count('class="shot"') >= 2 and 'class="answer"' in h, "several images")
    images = html.count('class="shot"')
    _open(laptop, base + f"deck/{card_id}.html")
    laptop.execute_script("document.activeElement.blur(); window.focus()")
    body = laptop.find_element(By.TAG_NAME, "body")
    # Skip link, brand, search, three breadcrumbs, one link per image, then the ▼.
    budget = 3 + 3 + images + 1
    for stop in range(1, budget + 1):
        body.send_keys(Keys.TAB) if stop == 1 else laptop.switch_to.active_element.send_keys(Keys.TAB)
        if laptop.execute_script("return document.activeElement.classList.contains('reveal-more')"):
            break
    else:
        pytest.fail(f"more than {budget} tab stops before 'Show the next answer'")


def test_image_viewer_on_a_phone(phone, site_url, site_dir, browser_errors):
    base, site = site_url(KIND), site_dir(KIND)
    card_id, html = _card_where(site, lambda h: h.count('class="shot"') >= 2, "several images")
    count = html.count('class="shot"')
    _open(phone, base + f"deck/{card_id}.html")
    _tap(phone, phone.find_element(By.CSS_SELECTOR, "a.zoom img"))
    dialog = WebDriverWait(phone, 5).until(lambda d: d.find_element(By.CSS_SELECTOR, "dialog.zoom-view[open]"))
    big = dialog.find_element(By.CSS_SELECTOR, ".zoom-stage img")
    WebDriverWait(phone, 5).until(lambda d: d.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", big))
    image, close = _rect(phone, big), _rect(phone, dialog.find_element(By.CSS_SELECTOR, ".zoom-close"))
    prev, nxt = (_rect(phone, dialog.find_element(By.CSS_SELECTOR, sel)) for sel in (".zoom-prev", ".zoom-next"))
    # Nothing over the picture; the arrows are big enough and on the screen.
    for control in (close, prev, nxt):
        assert control["bottom"] <= image["top"] + 0.5 or control["top"] >= image["bottom"] - 0.5, f"{control} overlaps the image {image}"
        assert control["top"] >= 0 and control["bottom"] <= 844 and control["height"] >= 40
    assert dialog.find_element(By.CSS_SELECTOR, ".zoom-count").text == f"1 / {count}"
    # A tap magnifies, another tap returns.
    stage = dialog.find_element(By.CSS_SELECTOR, ".zoom-stage")
    _tap(phone, big)
    WebDriverWait(phone, 3).until(lambda d: "zoomed" in stage.get_attribute("class"))
    _tap(phone, big)
    WebDriverWait(phone, 3).until(lambda d: "zoomed" not in stage.get_attribute("class"))
    # Swipe left: next image; swipe right: back.
    counter = dialog.find_element(By.CSS_SELECTOR, ".zoom-count")
    _swipe(phone, dialog.find_element(By.CSS_SELECTOR, ".zoom-stage"), -150)
    WebDriverWait(phone, 3).until(lambda d: counter.text == f"2 / {count}")
    _swipe(phone, dialog.find_element(By.CSS_SELECTOR, ".zoom-stage"), 150)
    WebDriverWait(phone, 3).until(lambda d: counter.text == f"1 / {count}")
    # (A synthetic tap right after a synthetic swipe gets no click in headless Chromium: close with Esc.)
    phone.switch_to.active_element.send_keys(Keys.ESCAPE)
    WebDriverWait(phone, 3).until(lambda d: not d.find_elements(By.CSS_SELECTOR, "dialog.zoom-view[open]"))
    assert browser_errors(phone) == []


def test_single_image_viewer_has_no_arrows(laptop, site_url, site_dir):
    base, site = site_url(KIND), site_dir(KIND)
    card_id, _ = _card_where(site, lambda h: h.count('class="shot"') == 1, "exactly one image")
    _open(laptop, base + f"deck/{card_id}.html")
    laptop.find_element(By.CSS_SELECTOR, "a.zoom").click()
    dialog = WebDriverWait(laptop, 5).until(lambda d: d.find_element(By.CSS_SELECTOR, "dialog.zoom-view[open]"))
    assert not dialog.find_element(By.CSS_SELECTOR, ".zoom-prev").is_displayed()
    assert not dialog.find_element(By.CSS_SELECTOR, ".zoom-next").is_displayed()
    dialog.find_element(By.CSS_SELECTOR, ".zoom-close").click()
    WebDriverWait(laptop, 5).until(lambda d: not d.find_elements(By.CSS_SELECTOR, "dialog.zoom-view[open]"))


def test_viewer_takes_the_full_size_picture_from_data_zoom(laptop, site_url, site_dir):
    base, site = site_url(KIND), site_dir(KIND)
    card_id, _ = _card_where(site, lambda h: 'class="shot"' in h, "an image")
    _open(laptop, base + f"deck/{card_id}.html")
    laptop.execute_script("const img = document.querySelector('a.zoom img'); img.dataset.zoom = img.src + '?full';")
    laptop.find_element(By.CSS_SELECTOR, "a.zoom").click()
    big = WebDriverWait(laptop, 5).until(lambda d: d.find_element(By.CSS_SELECTOR, "dialog.zoom-view[open] .zoom-stage img"))
    assert big.get_attribute("src").endswith("?full")


def test_no_page_overflows_a_phone(phone, site_url, site_dir):
    base, site = site_url(KIND), site_dir(KIND)
    pages = ["index.html", "progress.html", "study.html", "search.html?q=retina", "charts/index.html", "notes.html"]
    card_id, _ = _card_where(site, lambda h: 'class="shot"' in h, "an image")
    pages.append(f"deck/{card_id}.html")
    for page in pages:
        _open(phone, base + page)
        width = phone.execute_script("return document.documentElement.scrollWidth")
        assert width <= 390, f"{page} is {width} px wide on a 390 px phone"


def test_favicon_and_no_console_errors(laptop, site_url, site_dir):
    import urllib.request
    base, site = site_url(KIND), site_dir(KIND)
    with urllib.request.urlopen(base + "favicon.ico") as response:
        assert response.status == 200 and response.read(4) == b"\x00\x00\x01\x00"
    _open(laptop, base + "index.html")
    laptop.get_log("browser")
    _open(laptop, base + "about.html")
    errors = [e["message"] for e in laptop.get_log("browser") if e["level"] == "SEVERE"]
    assert errors == []


def test_plural_counts_and_no_empty_category(site_dir):
    site = site_dir(KIND)
    wrong = re.compile(r"(?<![\d.,])1 (images|cards|sections|sessions|answers|reviews|categories|notes)\b")
    for page in site.rglob("*.html"):
        text = re.sub(r"<[^>]+>", " ", page.read_text())
        match = wrong.search(text)
        assert not match, f"{page.relative_to(site)}: {match.group(0)!r}"
    home = (site / "index.html").read_text()
    # The example deck has a category-only row (General) with no cards: not listed, no page.
    assert "General" not in home and not (site / "deck" / "general").exists()
    assert '>0 cards<' not in home

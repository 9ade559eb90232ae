"""Search in a real browser: typing, prefixes, typos, keyboard, the results page, hostile queries, file://.

Queries are derived from the built index itself (a word that occurs in exactly one card's answer),
so the tests hold for any deck and never copy deck text into the project.
"""
import json
import re
import time
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

KINDS = ["shared", "content"]
# Behaviour tests run on the real deck when ../shared is there, else on the example content, so a
# user's clone without the shared folder still exercises them.
MAIN = "shared" if (Path(__file__).resolve().parents[2].parent / "shared" / "data").is_dir() else "content"


def _documents(site: Path):
    manifest = json.loads((site / "search" / "index.json").read_text())
    assert manifest["version"] == 1
    documents = []
    for number in range(manifest["documentShardCount"]):
        documents += json.loads((site / "search" / "docs" / f"{number}.json").read_text())["documents"]
    return documents


def _words(text):
    return set(re.findall(r"[a-z]{3,}", text.lower()))


def rare_answer_word(site: Path):
    """(word, url#anchor) for an ASCII word of 8+ letters found in one card, in one section's answer only."""
    documents = _documents(site)
    seen = {}
    for number, document in enumerate(documents):
        words = _words(document["title"] + " " + " ".join(document["path"]))
        for section in document["sections"]:
            words |= _words(section["header"]) | _words(section["text"])
        for word in words:
            seen.setdefault(word, set()).add(number)
    for number, document in enumerate(documents):
        if document["kind"] != "card":
            continue
        for section in document["sections"]:
            others = _words(document["title"] + " " + " ".join(document["path"]) + " " + section["header"])
            for other in document["sections"]:
                if other is not section:
                    others |= _words(other["header"]) | _words(other["text"])
            for word in sorted(_words(section["text"]) - others):
                if len(word) >= 8 and seen[word] == {number} and section["anchor"]:
                    return word, document["url"] + "#" + section["anchor"]
    pytest.skip(f"no card in {site} has a word of 8+ letters unique to one answer")


def open_site(driver, url):
    driver.get(url)
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return !!(window.Loupe && window.Loupe.search)"))
    return driver.find_element(By.ID, "search-input")


def type_query(driver, box, text):
    box.clear()
    driver.execute_script("window.Loupe.lastSearch = null;")
    box.send_keys(text)
    WebDriverWait(driver, 10).until(lambda d: d.execute_script(
        "var s = window.Loupe.lastSearch; return s && s.query === arguments[0];", text))


def result_links(driver):
    return [a.get_attribute("href") for a in driver.find_elements(By.CSS_SELECTOR, "#search-results a.search-result")]


@pytest.mark.parametrize("kind", KINDS)
def test_a_word_inside_an_answer_finds_its_card_and_section(driver, site_url, site_dir, browser_errors, kind):
    word, target = rare_answer_word(site_dir(kind))
    box = open_site(driver, site_url(kind) + "index.html")
    type_query(driver, box, word)
    links = result_links(driver)
    assert links and links[0] == site_url(kind) + target
    results = driver.find_element(By.ID, "search-results")
    assert results.is_displayed()
    first = results.find_element(By.CSS_SELECTOR, "a.search-result")
    assert word in first.find_element(By.TAG_NAME, "mark").text.lower()
    assert "›" in first.find_element(By.CSS_SELECTOR, ".result-path").text
    assert browser_errors(driver) == []


@pytest.mark.parametrize("kind", KINDS)
def test_prefixes_and_typos_match(driver, site_url, site_dir, kind):
    word, target = rare_answer_word(site_dir(kind))
    box = open_site(driver, site_url(kind) + "index.html")
    type_query(driver, box, word[:-2])
    assert site_url(kind) + target in result_links(driver), "prefix"
    typo = word[:3] + ("x" if word[3] != "x" else "y") + word[4:]
    type_query(driver, box, typo)
    assert site_url(kind) + target in result_links(driver), f"one substitution: {typo}"
    swapped = word[:2] + word[3] + word[2] + word[4:]
    type_query(driver, box, swapped.upper())
    assert site_url(kind) + target in result_links(driver), f"swapped letters, upper case: {swapped}"


def test_two_word_prefix_query(driver, site_url, site_dir):
    documents = [d for d in _documents(site_dir(MAIN)) if d["kind"] == "card"]
    title = next(d for d in documents if len(re.findall(r"[A-Za-z]{4,}", d["title"])) >= 2)
    first, second = re.findall(r"[A-Za-z]{4,}", title["title"])[:2]
    box = open_site(driver, site_url(MAIN) + "index.html")
    type_query(driver, box, f"{first} {second[:3]}")
    assert any(link.startswith(site_url(MAIN) + title["url"]) for link in result_links(driver))


@pytest.mark.parametrize("kind", KINDS)
def test_enter_opens_the_section_and_escape_closes(driver, site_url, site_dir, kind):
    word, target = rare_answer_word(site_dir(kind))
    box = open_site(driver, site_url(kind) + "about.html")
    type_query(driver, box, word)
    results = driver.find_element(By.ID, "search-results")
    box.send_keys(Keys.ESCAPE)
    assert not results.is_displayed()
    assert box.get_attribute("aria-expanded") == "false"
    box.send_keys(Keys.ARROW_DOWN)
    WebDriverWait(driver, 5).until(lambda d: results.is_displayed())
    selected = driver.find_elements(By.CSS_SELECTOR, '#search-results [aria-selected="true"]')
    assert len(selected) == 1 and box.get_attribute("aria-activedescendant") == selected[0].get_attribute("id")
    box.send_keys(Keys.ENTER)
    WebDriverWait(driver, 10).until(lambda d: d.current_url == site_url(kind) + target)
    section = driver.find_element(By.ID, target.split("#")[1])
    assert section.is_displayed()
    assert word in section.text.lower()


def test_arrow_keys_move_the_selection(driver, site_url):
    box = open_site(driver, site_url(MAIN) + "index.html")
    type_query(driver, box, "the")
    options = driver.find_elements(By.CSS_SELECTOR, '#search-results [role="option"]')
    if len(options) < 2:
        pytest.skip("fewer than two results for 'the'")
    assert options[0].get_attribute("aria-selected") == "true"
    box.send_keys(Keys.ARROW_DOWN)
    assert options[1].get_attribute("aria-selected") == "true"
    box.send_keys(Keys.ARROW_UP, Keys.ARROW_UP)
    assert options[-1].get_attribute("aria-selected") == "true"


def test_slash_focuses_the_search_box(driver, site_url):
    box = open_site(driver, site_url(MAIN) + "index.html")
    driver.find_element(By.TAG_NAME, "body").send_keys("/")
    assert driver.switch_to.active_element == box


@pytest.mark.parametrize("query", ["!!! ??? ... --- ()", "‽ ¿ 。 、 ・", " ", "*"])
def test_punctuation_only_queries_show_nothing_and_do_not_throw(driver, site_url, browser_errors, query):
    box = open_site(driver, site_url(MAIN) + "index.html")
    browser_errors(driver)
    box.clear()
    box.send_keys(query)
    time.sleep(0.2)
    assert not driver.find_element(By.ID, "search-results").is_displayed()
    assert driver.execute_script("return window.Loupe.searchWords(arguments[0]).length", query) == 0
    assert browser_errors(driver) == []


@pytest.mark.parametrize("query", ["a" * 1000, ("retina glaucoma optic nerve " * 40)[:1000],
                                   "<img src=x onerror=alert(1)>" * 36, "Ο οφθαλμός 網膜剥離 👁️🧿 " * 40])
def test_long_hostile_and_non_latin_queries_finish_quickly(driver, site_url, browser_errors, query):
    box = open_site(driver, site_url(MAIN) + "index.html")
    browser_errors(driver)
    started = time.monotonic()
    outcome = driver.execute_async_script(
        "var done = arguments[arguments.length - 1];"
        "window.Loupe.search(arguments[0], 50).then(function (r) { done({ total: r.total, words: r.words.length }); },"
        " function (e) { done({ error: String(e) }); });", query)
    assert "error" not in outcome
    assert outcome["words"] <= 8
    assert time.monotonic() - started < 3
    box.clear()
    driver.execute_script("arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input'));", box, query)
    time.sleep(0.3)
    assert driver.find_elements(By.CSS_SELECTOR, "#search-results img") == []
    assert browser_errors(driver) == []


def test_results_page_lists_matches_for_q(driver, site_url, site_dir):
    word, target = rare_answer_word(site_dir(MAIN))
    driver.get(site_url(MAIN) + "search.html?q=" + word.upper())
    WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#search-page-results a"))
    links = [a.get_attribute("href") for a in driver.find_elements(By.CSS_SELECTOR, "#search-page-results a")]
    assert links[0] == site_url(MAIN) + target
    assert driver.find_element(By.ID, "search-input").get_attribute("value") == word.upper()
    assert "1 result" in driver.find_element(By.ID, "search-page-status").text


def test_the_form_submits_to_the_results_page(driver, site_url):
    box = open_site(driver, site_url(MAIN) + "index.html")
    box.send_keys("zzzzqqqq")
    WebDriverWait(driver, 5).until(lambda d: d.execute_script("return !!window.Loupe.lastSearch"))
    box.send_keys(Keys.ENTER)
    WebDriverWait(driver, 10).until(lambda d: "search.html?q=zzzzqqqq" in d.current_url)
    WebDriverWait(driver, 10).until(lambda d: "No results" in d.find_element(By.ID, "search-page-status").text)


def test_search_works_from_file_urls(driver, site_dir, browser_errors):
    site = site_dir(MAIN)
    word, target = rare_answer_word(site)
    page = next(site.glob("deck/*/*/*.html"))
    box = open_site(driver, page.as_uri())
    browser_errors(driver)
    type_query(driver, box, word)
    assert result_links(driver)[0] == (site / target.split("#")[0]).as_uri() + "#" + target.split("#")[1]
    assert browser_errors(driver) == []


def test_index_files_are_script_safe(site_dir):
    for path in (site_dir(MAIN) / "search").rglob("*.js"):
        text = path.read_text(encoding="utf-8")
        assert "<" not in text and "\u2028" not in text, path


@pytest.mark.parametrize("kind", KINDS)
def test_index_files_match_the_json_schema(site_dir, kind):
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((Path(__file__).resolve().parents[2] / "docs" / "schemas" / "search-index.schema.json").read_text())
    validator = jsonschema.Draft202012Validator(schema)
    files = sorted((site_dir(kind) / "search").rglob("*.json"))
    assert files
    for path in files:
        errors = list(validator.iter_errors(json.loads(path.read_text(encoding="utf-8"))))
        assert errors == [], f"{path}: {errors[0].message if errors else ''}"


def _plural(word):
    word = word.lower()
    if word.endswith("s"):
        return word
    if word.endswith("y") and word[-2] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


@pytest.mark.parametrize("kind", KINDS)
def test_a_plural_finds_the_singular_card_first(driver, site_url, site_dir, kind):
    """Stemming (Snowball English in the indexer and the client): "retinal detachments" finds "Retinal Detachment"."""
    documents = [d for d in _documents(site_dir(kind)) if d["kind"] == "card"]
    titles = [[w.lower() for w in re.findall(r"[A-Za-z]+", d["title"])] for d in documents]
    # A consonant + y word first ("supply" → "supplies"): two edits away, so only stemming can find it.
    candidates = sorted(zip(documents, titles), key=lambda pair: not re.search(r"[^aeiou]y$", pair[1][-1] if pair[1] else ""))
    for document, words in candidates:
        if len(words) != 2 or min(map(len, words)) < 4 or words[1].endswith("s"):
            continue
        if sum(1 for t in titles if set(words) <= set(t)) != 1:
            continue
        query = f"{words[0]} {_plural(words[1])}"
        box = open_site(driver, site_url(kind) + "index.html")
        type_query(driver, box, query)
        links = result_links(driver)
        assert links and links[0].startswith(site_url(kind) + document["url"]), f"{query!r} → {links[:3]}"
        return
    pytest.skip("no two-word card title to pluralise")

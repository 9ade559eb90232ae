"""Shared fixtures for Loupe's real-browser tests.

The site is built once per session with the loupe binary (env LOUPE_BIN, default .build/debug/loupe)
from the example content/ and, when present, ../shared/data; each built site is served with
`python -m http.server` on 127.0.0.1. Fixtures:

- site_dir(kind) -> pathlib.Path of the built site ("content" or "shared"), skipping when unavailable
- site_url(kind) -> "http://127.0.0.1:<port>/" for that site
- driver         -> a headless Chromium WebDriver (session-wide; tests navigate where they need)
- browser_errors(driver) -> SEVERE console entries since the last call (favicon 404s ignored)
"""
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SOURCES = {"content": REPO / "content", "shared": REPO.parent / "shared" / "data"}


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def _sites(tmp_path_factory):
    binary = Path(os.environ.get("LOUPE_BIN", REPO / ".build" / "debug" / "loupe"))
    if not binary.is_absolute():
        binary = REPO / binary
    if not binary.exists():
        pytest.skip(f"loupe binary not found at {binary}; build it (swift build --product loupe) or set LOUPE_BIN")
    sites, servers = {}, []
    out_root = tmp_path_factory.mktemp("sites")
    for kind, source in SOURCES.items():
        if not source.is_dir():
            sites[kind] = f"{source} does not exist"
            continue
        out = out_root / kind
        run = subprocess.run([str(binary), "build", "--content", str(source), "--out", str(out)],
                             cwd=REPO, capture_output=True, text=True, timeout=600)
        if run.returncode != 0 or not (out / "index.html").exists():
            # A build that fails is a test failure, never a skip.
            sites[kind] = ("failed", f"loupe build of {source} failed ({run.returncode}): {run.stderr.strip()[-800:]}")
            continue
        port = _free_port()
        server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
                                   "--directory", str(out)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        servers.append(server)
        url = f"http://127.0.0.1:{port}/"
        for _ in range(100):
            try:
                urllib.request.urlopen(url + "index.html", timeout=1).close()
                break
            except OSError:
                time.sleep(0.05)
        sites[kind] = (out, url)
    yield sites
    for server in servers:
        server.terminate()
        server.wait(timeout=10)


def _site(sites, kind):
    if kind not in sites:
        raise ValueError(f"unknown site kind {kind!r}; use one of {sorted(SOURCES)}")
    value = sites[kind]
    if isinstance(value, str):
        pytest.skip(value)
    if value[0] == "failed":
        pytest.fail(value[1])
    return value


@pytest.fixture(scope="session")
def site_dir(_sites):
    """site_dir(kind) -> Path of the built site."""
    return lambda kind: _site(_sites, kind)[0]


@pytest.fixture(scope="session")
def site_url(_sites):
    """site_url(kind) -> base URL (ending in /) of the served site."""
    return lambda kind: _site(_sites, kind)[1]


@pytest.fixture(scope="session")
def driver():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    chromedriver = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    if not Path(chromedriver).exists():
        pytest.skip("chromedriver not installed (apt-get install chromium chromium-driver)")
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1200,900"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    if Path("/usr/bin/chromium").exists():
        options.binary_location = "/usr/bin/chromium"
    browser = webdriver.Chrome(service=Service(chromedriver), options=options)
    browser.set_page_load_timeout(30)
    yield browser
    browser.quit()


def _chromium(extra=(), mobile=None, javascript=True):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    chromedriver = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    if not Path(chromedriver).exists():
        pytest.skip("chromedriver not installed (apt-get install chromium chromium-driver)")
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", *extra):
        options.add_argument(argument)
    if mobile:
        options.add_experimental_option("mobileEmulation", mobile)
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    if Path("/usr/bin/chromium").exists():
        options.binary_location = "/usr/bin/chromium"
    browser = webdriver.Chrome(service=Service(chromedriver), options=options)
    browser.set_page_load_timeout(30)
    return browser


PHONE = {"deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 3, "touch": True},
         "userAgent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36"}


@pytest.fixture(scope="session")
def phone():
    """A headless Chromium emulating a 390 x 844 touch phone."""
    browser = _chromium(mobile=PHONE)
    yield browser
    browser.quit()


@pytest.fixture(scope="session")
def laptop():
    """A headless Chromium with a 1280 x 800 window."""
    browser = _chromium(extra=("--window-size=1280,800",))
    yield browser
    browser.quit()


@pytest.fixture(scope="session")
def nojs():
    """A headless Chromium with JavaScript turned off."""
    browser = _chromium(extra=("--window-size=1280,800",), javascript=False)
    yield browser
    browser.quit()


@pytest.fixture
def browser_errors():
    """browser_errors(driver) -> SEVERE console messages logged since the last call."""
    def collect(browser):
        return [entry["message"] for entry in browser.get_log("browser")
                if entry["level"] == "SEVERE" and "favicon.ico" not in entry["message"]]
    return collect

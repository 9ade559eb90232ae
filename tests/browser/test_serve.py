"""`loupe serve` in a real browser: an open page reloads by itself after a save, a broken save shows
the error overlay (file, line, column) over the last good page, and the next good save clears it.
The server listens on 127.0.0.1 only and is stopped at the end."""
import os
import signal
import socket
import subprocess
import time
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

REPO = Path(__file__).resolve().parents[2]
HEADER = "Category\tTopic\tSubtopic\tHeader 1\tInfo1\n"


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def served(tmp_path):
    binary = Path(os.environ.get("LOUPE_BIN", REPO / ".build" / "debug" / "loupe"))
    if not binary.exists():
        pytest.skip(f"loupe binary not found at {binary}")
    content = tmp_path / "content"
    (content / "deck").mkdir(parents=True)
    (content / "deck" / "deck.tsv").write_text(HEADER + "Eyes\tLens\tCataract\t# Q?\tCloudy lens\n")
    port = _free_port()
    server = subprocess.Popen([str(binary), "serve", "--content", str(content), "--out", str(tmp_path / "site"),
                               "--port", str(port)], cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.time() + 120
        while time.time() < deadline:
            line = server.stderr.readline()
            if "serving" in line:
                break
            assert server.poll() is None, "loupe serve exited early"
        else:
            pytest.fail("loupe serve did not start within 120 s")
        yield content, f"http://127.0.0.1:{port}/"
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()


def test_page_reloads_after_a_save_and_shows_the_overlay_for_a_broken_deck(served, driver):
    try:
        _reload_and_overlay(served, driver)
    finally:
        # Leave the page before the server stops, so its event stream's retries do not reach the
        # console of the shared browser that later tests check.
        driver.get("about:blank")
        driver.get_log("browser")


def _wait_for_event_stream(driver):
    """A change saved before the page's event stream is open would reload nothing: wait until it is."""
    WebDriverWait(driver, 60).until(
        lambda d: d.execute_script("return document.documentElement.getAttribute('data-loupe-live') === 'open'"))


def _reload_and_overlay(served, driver):
    content, url = served
    deck = content / "deck" / "deck.tsv"
    driver.get(url + "deck/eyes/lens/cataract.html")
    assert "Cloudy lens" in driver.page_source
    _wait_for_event_stream(driver)

    deck.write_text(HEADER + "Eyes\tLens\tCataract\t# Q?\tOpaque lens\n")
    WebDriverWait(driver, 60).until(lambda d: "Opaque lens" in d.page_source)

    _wait_for_event_stream(driver)
    deck.write_text("Kategory\tTopic\tSubtopic\tHeader 1\tInfo1\nEyes\tLens\tCataract\t# Q?\tX\n")
    overlay = WebDriverWait(driver, 60).until(lambda d: d.find_elements(By.ID, "loupe-build-errors"))
    assert "deck/deck.tsv:1:" in overlay[0].text
    assert "Opaque lens" in driver.page_source, "the last good page stays underneath"

    _wait_for_event_stream(driver)
    deck.write_text(HEADER + "Eyes\tLens\tCataract\t# Q?\tFixed lens\n")
    WebDriverWait(driver, 60).until(lambda d: "Fixed lens" in d.page_source)
    assert not driver.find_elements(By.ID, "loupe-build-errors")

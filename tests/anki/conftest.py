import os
import pathlib
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
SHARED_DECK = ROOT.parent / "shared" / "data" / "deck"


@pytest.fixture(scope="session")
def loupe():
    binary = os.environ.get("LOUPE_BIN") or str(ROOT / ".build" / "debug" / "loupe")
    if not os.access(binary, os.X_OK):
        pytest.fail(f"build the loupe executable first (swift build --product loupe); not found: {binary}")
    return binary


def export(loupe, content, out, *extra):
    """Runs `loupe export anki` and returns the finished process (fails the test on a non-zero exit)."""
    run = subprocess.run([loupe, "export", "anki", "--content", str(content), "--out", str(out), *extra],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    return run


@pytest.fixture
def example_content(tmp_path):
    """A copy of the example content folder (deck and images)."""
    target = tmp_path / "content"
    shutil.copytree(ROOT / "content" / "deck", target / "deck")
    shutil.copy(ROOT / "content" / "loupe.yml", target / "loupe.yml")
    return target


@pytest.fixture
def real_content(tmp_path):
    """A content folder with a copy of the real deck export, or a skip when ../shared/data/deck is absent."""
    if not SHARED_DECK.is_dir():
        pytest.skip("../shared/data/deck is absent: the real-deck Anki test is skipped")
    target = tmp_path / "real"
    (target / "deck").mkdir(parents=True)
    for path in SHARED_DECK.iterdir():
        if path.suffix in (".tsv", ".txt"):
            shutil.copy(path, target / "deck" / path.name)
    return target

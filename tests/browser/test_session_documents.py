"""Session documents on a phone: wide tables scroll inside themselves, the page never scrolls sideways."""
from pathlib import Path

import pytest


def _documents(site: Path):
    return sorted(p for p in (site / "sessions").rglob("*.html") if p.name != "index.html")


def test_no_session_document_is_wider_than_a_phone(phone, site_url, site_dir):
    site = site_dir("content")
    documents = _documents(site)
    if not documents:
        pytest.skip("the example site has no session documents")
    too_wide = []
    for document in documents:
        phone.get(site_url("content") + document.relative_to(site).as_posix())
        page, screen = phone.execute_script(
            "return [document.documentElement.scrollWidth, document.documentElement.clientWidth];")
        if page > screen + 1:
            too_wide.append(f"{document.relative_to(site)}: {page}px on a {screen}px screen")
    assert not too_wide, "\n".join(too_wide)


def test_counts_read_as_english(site_dir):
    site = site_dir("content")
    for document in (site / "sessions").rglob("*.html"):
        text = document.read_text(encoding="utf-8")
        assert "(1 games)" not in text and "(1 sessions)" not in text, document

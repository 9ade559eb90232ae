"""Every generated page is well-formed HTML5 (html5lib in strict mode), has unique ids, and loads
nothing from the network."""
import re

import html5lib
import pytest

ID = re.compile(r'\sid="([^"]+)"')
EXTERNAL = re.compile(r'(?:src|href)="(?:https?:)?//|url\((?:https?:)?//|@import', re.I)


@pytest.mark.parametrize("kind", ["content", "shared"])
def test_pages_are_valid_html(site_dir, kind):
    root = site_dir(kind)
    pages = sorted(root.rglob("*.html"))
    assert pages, f"no pages in {root}"
    parser = html5lib.HTMLParser(strict=True)
    for page in pages[:600]:
        text = page.read_text(encoding="utf-8")
        try:
            parser.parse(text)
        except Exception as error:  # html5lib raises ParseError with the position
            pytest.fail(f"{page.relative_to(root)}: invalid HTML: {error}")
        ids = ID.findall(text)
        duplicates = {i for i in ids if ids.count(i) > 1}
        assert not duplicates, f"{page.relative_to(root)}: duplicate ids {sorted(duplicates)}"


@pytest.mark.parametrize("kind", ["content", "shared"])
def test_no_external_requests(site_dir, kind):
    root = site_dir(kind)
    for path in list(root.rglob("*.html")) + list(root.rglob("*.css")) + list(root.rglob("*.js")):
        text = path.read_text(encoding="utf-8", errors="replace")
        for match in EXTERNAL.finditer(text):
            context = text[max(0, match.start() - 80):match.end() + 80]
            # Links to a breed's sources are plain <a href> navigation, not requests the page makes.
            if 'href="http' in match.group(0).lower() and '<a ' in context:
                continue
            pytest.fail(f"{path.relative_to(root)}: external reference {context!r}")

"""Images in a real browser (headless Chromium at a 390 px phone width): the responsive renditions the
image pipeline publishes (docs/images.md). The site is built from a small content folder made here: a
2,400 px photo with EXIF and GPS, a TIFF scan, a PNG with transparency, an SVG with <script>/onload and
an HTML page named figure.jpg."""
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from conftest import REPO, _free_port

PIL = pytest.importorskip("PIL", reason="Pillow is needed to make the image fixtures (scripts/setup installs it)")
from PIL import Image, ImageDraw  # noqa: E402

DECK = (
    "\tCategory\tTopic\tSubtopic\tnil\tImage Caption\tHeader 1\tInfo1\n"
    "1\tRetina\tMacula\tStrip\tphoto.jpg, scan.tif, alpha.png\tPhoto*Scan*Alpha\t# Q\tA\n"
    "2\tRetina\tMacula\tHostile\tscript.svg, figure.jpg\tDrawing*Page\t# Q\tA\n"
)


def _photo(width, height):
    image = Image.new("RGB", (width, height))
    draw = ImageDraw.Draw(image)
    for y in range(0, height, 6):
        draw.rectangle([0, y, width, y + 6], fill=(40 + 200 * y // height, 90, 200 - 150 * y // height))
    draw.ellipse([width // 4, height // 4, 3 * width // 4, 3 * height // 4], fill=(230, 190, 70))
    return image


@pytest.fixture(scope="module")
def image_site(tmp_path_factory):
    binary = Path(os.environ.get("LOUPE_BIN", REPO / ".build" / "debug" / "loupe"))
    if not binary.exists():
        pytest.skip(f"loupe binary not found at {binary}")
    root = tmp_path_factory.mktemp("images")
    content = root / "content"
    images = content / "deck" / "images"
    images.mkdir(parents=True)
    (content / "deck" / "deck.tsv").write_text(DECK, encoding="utf-8")
    exif = Image.Exif()
    exif[0x010F] = "LoupeSecretCam"
    exif[0x8825] = {1: "N", 2: (53.0, 20.0, 0.0), 3: "W", 4: (6.0, 15.0, 0.0)}
    _photo(2400, 1600).save(images / "photo.jpg", quality=90, exif=exif)
    _photo(1400, 1000).save(images / "scan.tif", compression="tiff_lzw")
    alpha = Image.new("RGBA", (640, 400), (0, 0, 0, 0))
    ImageDraw.Draw(alpha).ellipse([40, 40, 600, 360], fill=(200, 30, 30, 180))
    alpha.save(images / "alpha.png")
    (images / "script.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="150" onload="window.pwned=1">'
        '<script>window.pwned=2</script><rect width="300" height="150" fill="#3a7"/></svg>', encoding="utf-8")
    (images / "figure.jpg").write_text("<!doctype html><script>window.pwned=3</script>", encoding="utf-8")
    out = root / "site"
    run = subprocess.run([str(binary), "build", "--content", str(content), "--templates", str(REPO / "Templates"), "--out", str(out)],
                         cwd=root, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    port = _free_port()
    server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", str(out)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/"
    for _ in range(100):
        try:
            urllib.request.urlopen(url + "index.html", timeout=1).close()
            break
        except OSError:
            time.sleep(0.05)
    yield out, url, run.stderr
    server.terminate()
    server.wait(timeout=10)


@pytest.fixture
def phone(driver):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    yield driver
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def _card(out, subtopic):
    return next(p for p in (out / "deck").rglob("*.html") if p.name == subtopic + ".html")


LOADED = """
const done = arguments[arguments.length - 1];
const imgs = Array.from(document.querySelectorAll('.strip img'));
imgs.forEach(img => { img.loading = 'eager'; });
Promise.all(imgs.map(img => img.complete ? Promise.resolve() : new Promise(r => { img.onload = img.onerror = r; })))
  .then(() => done(imgs.map(img => ({src: img.currentSrc, natural: img.naturalWidth, shown: img.getBoundingClientRect().width,
                                     zoom: img.dataset.zoom ? new URL(img.dataset.zoom, location.href).href : '', width: img.getAttribute('width'), height: img.getAttribute('height')}))));
"""


def test_phone_gets_phone_sized_images(image_site, phone):
    out, url, _ = image_site
    page = _card(out, "strip").relative_to(out).as_posix()
    phone.get(url + page)
    phone.set_script_timeout(20)
    shots = phone.execute_async_script(LOADED)
    assert len(shots) == 3
    for shot in shots:
        assert shot["natural"] > 0, f"{shot['src']} did not load"
        assert shot["natural"] <= 2 * shot["shown"], f"{shot['src']} is {shot['natural']} px for a {shot['shown']:.0f} px box"
        assert shot["src"].endswith(".webp")
        assert shot["width"] and shot["height"]
        assert shot["zoom"].endswith(".webp")


def test_tiff_is_shown(image_site, phone):
    out, url, _ = image_site
    phone.get(url + _card(out, "strip").relative_to(out).as_posix())
    shots = phone.execute_async_script(LOADED)
    scan = next(s for s in shots if "scan" in s["src"])
    assert scan["natural"] > 0


def test_no_layout_shift(image_site, phone):
    out, url, _ = image_site
    phone.get(url + _card(out, "strip").relative_to(out).as_posix())
    phone.execute_async_script(LOADED)
    shift = phone.execute_async_script("""
        const done = arguments[arguments.length - 1];
        let total = 0;
        new PerformanceObserver(list => { for (const e of list.getEntries()) if (!e.hadRecentInput) total += e.value; })
          .observe({type: 'layout-shift', buffered: true});
        setTimeout(() => done(total), 500);
    """)
    assert shift < 0.01, f"cumulative layout shift {shift}"


def test_boxes_have_their_final_shape_before_loading(image_site, phone):
    """Without width/height the box would be 0 px high until the image arrives."""
    out, url, _ = image_site
    card = _card(out, "strip")
    html = card.read_text(encoding="utf-8")
    blank = card.with_name("blank-test.html")
    blank.write_text(html.replace('srcset="', 'data-no-srcset="').replace(' src="', ' data-no-src="'), encoding="utf-8")
    phone.get(url + blank.relative_to(out).as_posix())
    heights = phone.execute_script("return Array.from(document.querySelectorAll('.strip img')).map(i => i.getBoundingClientRect().height)")
    blank.unlink()
    assert heights and all(h > 50 for h in heights), heights


def test_no_exif_and_nothing_but_renditions_published(image_site):
    out, url, stderr = image_site
    published = [p for p in out.rglob("*") if p.is_file()]
    images = [p for p in (out / "images").rglob("*") if p.is_file()]
    assert images and all(p.suffix in (".webp", ".jpg", ".png") for p in images), [p.name for p in images]
    for path in published:
        data = path.read_bytes()
        for marker in (b"Exif\x00\x00", b"LoupeSecretCam", b"http://ns.adobe.com/xap"):
            assert marker not in data, f"{path.relative_to(out)} holds {marker!r}"
    assert not any(p.suffix in (".svg", ".tif") for p in images)
    assert "figure.jpg" in stderr and "is not a JPEG" in stderr
    for name in ("images/figure.jpg", "images/script.svg", "images/photo.jpg"):
        with pytest.raises(urllib.error.HTTPError):
            urllib.request.urlopen(url + name, timeout=5)


def test_svg_script_never_runs(image_site, driver):
    out, url, _ = image_site
    driver.get(url + _card(out, "hostile").relative_to(out).as_posix())
    driver.set_script_timeout(20)
    shots = driver.execute_async_script(LOADED)
    assert len(shots) == 1 and shots[0]["natural"] > 0  # the drawing, rasterised; figure.jpg is left out
    assert driver.execute_script("return window.pwned || 0") == 0
    for shot in shots:
        driver.get(shot["zoom"])
        assert driver.execute_script("return window.pwned || 0") == 0

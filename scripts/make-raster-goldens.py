#!/usr/bin/env python3
"""Make the Pillow goldens that RasterTests compares pinboard's lanczos3 resampler against.

Three deterministic, photograph-like sources (smooth gradients, grain, hard edges and
text-like detail; one with an alpha channel) are resized with Pillow's
Image.resize(size, Image.LANCZOS) and written, sources and results alike, as binary PAM
(P7, MAXVAL 255, TUPLTYPE RGB or RGB_ALPHA) into Fixtures/raster/, with index.json listing
the cases.

    python3 scripts/make-raster-goldens.py

Re-running it rewrites the fixtures; commit them with the script.
It sets itself up: Pillow and numpy come from .venv/fixtures, made by pip from the exact versions in
scripts/requirements-fixtures.txt on the first run.
"""

import json
import pathlib

from own_venv import enter

enter("fixtures", __doc__)

# Packages outside the standard library come from the script's own environment, after enter().
import numpy as np
import PIL
from PIL import Image, ImageDraw, ImageFont

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "Fixtures" / "raster"


def font():
    # The bitmap font ships inside Pillow, so the text does not depend on the machine's fonts.
    loader = getattr(ImageFont, "load_default_imagefont", ImageFont.load_default)
    return loader()


def grain(rng, shape, sigma):
    return rng.normal(0.0, sigma, shape)


def harbour(rng):
    """640x480 opaque: sky gradient, rolling hills, buildings with windows, captions."""
    w, h = 640, 480
    y, x = np.mgrid[0:h, 0:w].astype(np.float64)
    sky = np.stack([90 + 100 * y / h, 140 + 60 * y / h, 230 - 40 * y / h], axis=-1)
    hills = 300 + 40 * np.sin(x / 70.0) + 25 * np.sin(x / 23.0 + 1.3)
    ground = np.stack([60 + 50 * np.sin(x / 31.0) ** 2, 120 + 40 * (y / h), 50 + 0 * x], axis=-1)
    img = np.where((y > hills)[..., None], ground, sky)
    img += grain(rng, img.shape, 6.0)
    im = Image.fromarray(np.clip(img, 0, 255).round().astype(np.uint8), "RGB")
    d = ImageDraw.Draw(im)
    for i in range(9):
        bx = 30 + i * 68
        bh = int(rng.integers(80, 220))
        colour = tuple(int(c) for c in rng.integers(40, 220, 3))
        d.rectangle([bx, 420 - bh, bx + 50, 420], fill=colour)
        for wy in range(420 - bh + 8, 410, 14):
            for wx in range(bx + 6, bx + 44, 12):
                lit = (255, 240, 150) if rng.random() < 0.5 else (30, 30, 40)
                d.rectangle([wx, wy, wx + 5, wy + 7], fill=lit)
    d.line([(0, 421), (639, 421)], fill=(20, 20, 20), width=2)
    for i in range(12):
        d.line([(i * 53, 470), (i * 53 + 40, 430)], fill=(250, 250, 250), width=1)
    f = font()
    for row, text in enumerate(["PINBOARD CONTACT SHEET 0123456789", "the quick brown fox jumps over"]):
        d.text((12, 12 + row * 14), text, fill=(255, 255, 255), font=f)
        d.text((330, 450 + row * 12), text, fill=(0, 0, 0), font=f)
    return im


def portrait(rng):
    """360x540 with alpha: a feathered oval cut-out over nothing, hard holes, a half-clear band."""
    w, h = 360, 540
    y, x = np.mgrid[0:h, 0:w].astype(np.float64)
    r = np.hypot((x - 180) / 160.0, (y - 260) / 240.0)
    img = np.stack([200 - 120 * r + 30 * np.sin(y / 17.0), 90 + 100 * np.cos(x / 41.0) ** 2, 60 + 150 * r], axis=-1)
    img += grain(rng, img.shape, 8.0)
    alpha = np.clip((1.0 - r) * 6.0, 0.0, 1.0) * 255.0
    alpha[(y > 400) & (y < 440)] *= 0.5
    rgb = Image.fromarray(np.clip(img, 0, 255).round().astype(np.uint8), "RGB")
    d = ImageDraw.Draw(rgb)
    f = font()
    for row in range(8):
        d.text((70, 120 + row * 14), "#%02d ALPHA tile edge" % row, fill=(255, 255, 255), font=f)
    d.rectangle([150, 300, 210, 360], fill=(0, 0, 255))
    a = Image.fromarray(alpha.round().astype(np.uint8), "L")
    da = ImageDraw.Draw(a)
    da.rectangle([60, 60, 110, 200], fill=0)
    da.ellipse([230, 330, 300, 400], fill=0)
    im = rgb.convert("RGBA")
    im.putalpha(a)
    return im


def stripes(rng):
    """300x200 opaque: hard stripes and a checkerboard beside a gradient, for enlarging."""
    w, h = 300, 200
    y, x = np.mgrid[0:h, 0:w].astype(np.float64)
    img = np.stack([255 * x / w, 255 * y / h, 128 + 100 * np.sin((x + y) / 13.0)], axis=-1)
    stripes = ((x // 6) % 2 == 0) & (x < 100)
    img[stripes] = [240, 30, 30]
    checker = (((x // 10) + (y // 10)) % 2 == 0) & (x >= 200)
    img[checker] = [20, 20, 20]
    img += grain(rng, img.shape, 4.0)
    im = Image.fromarray(np.clip(img, 0, 255).round().astype(np.uint8), "RGB")
    d = ImageDraw.Draw(im)
    d.text((105, 90), "upscale 1.5x", fill=(255, 255, 0), font=font())
    d.line([(100, 10), (195, 190)], fill=(255, 255, 255), width=1)
    return im


def write_pam(path, im):
    depth = 4 if im.mode == "RGBA" else 3
    tupltype = "RGB_ALPHA" if depth == 4 else "RGB"
    header = "P7\nWIDTH %d\nHEIGHT %d\nDEPTH %d\nMAXVAL 255\nTUPLTYPE %s\nENDHDR\n" % (im.width, im.height, depth, tupltype)
    path.write_bytes(header.encode("ascii") + im.tobytes())


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    sources = [
        ("harbour", harbour, [(203, 152), (97, 73)]),
        ("portrait-alpha", portrait, [(97, 145), (150, 225)]),
        ("stripes", stripes, [(450, 300), (131, 87)]),
    ]
    cases = []
    for seed, (name, make, targets) in enumerate(sources):
        im = make(np.random.default_rng(seed + 1))
        write_pam(OUT / ("%s.pam" % name), im)
        for width, height in targets:
            result = "%s-%dx%d.pam" % (name, width, height)
            write_pam(OUT / result, im.resize((width, height), Image.LANCZOS))
            cases.append({"source": "%s.pam" % name, "result": result, "width": width, "height": height})
    index = {
        "made_by": "scripts/make-raster-goldens.py",
        "pillow": PIL.__version__,
        "resample": "Image.LANCZOS",
        "cases": cases,
    }
    (OUT / "index.json").write_text(json.dumps(index, indent=2) + "\n")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Write the JPEG shrink-on-load quality fixtures: photo-like JPEGs and Pillow's reference tiles.

Why: pinboard decodes a JPEG at the smallest DCT scale (1/2, 1/4, 1/8) still at
least as large as its tile and then resamples with Lanczos-3. The requirement is
that this stays at PSNR >= 40 dB against Pillow's LANCZOS resize of the *full*
decode. Tests/PinboardTests/JPEGQualityTests.swift checks it against the files
written here.

Outputs, in Fixtures/jpeg-quality/:
  <name>.jpg                 photo-like JPEG, quality 90, 4:2:0 (Pillow's default),
                             made with scripts/make-photos.py's photo()
  <name>.w<W>.rgb            Image.open(<name>.jpg).convert("RGB")
                             .resize((W, H), Image.LANCZOS, reducing_gap=None):
                             raw RGB, 3 bytes a pixel, rows top to bottom
  index.json                 [{"source", "width", "height", "golden", "denominator"}]
                             denominator is the DCT scale pinboard is expected to pick

Tile heights follow pinboard's rule for a one-column sheet without padding:
h = max(1, floor((2*sh*w + sw) / (2*sw))). Widths are chosen so every scale is
used, including the boundary cases where the scaled decode is exactly the tile
(no Lanczos reduction left to smooth DCT scaling's own filtering).

Deterministic (fixed seeds); run once, outputs are committed.
It sets itself up: Pillow and numpy come from .venv/fixtures, made by pip from the exact versions in
scripts/requirements-fixtures.txt on the first run.
"""
import importlib.util
import json
import math
from pathlib import Path

from own_venv import enter

enter("fixtures", __doc__)

# Packages outside the standard library come from the script's own environment, after enter().
from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "Fixtures" / "jpeg-quality"

spec = importlib.util.spec_from_file_location("make_photos", ROOT / "scripts" / "make-photos.py")
make_photos = importlib.util.module_from_spec(spec)
spec.loader.exec_module(make_photos)
np = make_photos.np

# name, (width, height), seed, tile widths
SOURCES = [
    ("landscape-1600x1200", (1600, 1200), 11, [150, 200, 300, 400, 500]),
    ("portrait-1200x1800", (1200, 1800), 12, [120, 250, 350]),
]
QUALITY = 90


def tile_height(source_width, source_height, width):
    return max(1, (2 * source_height * width + source_width) // (2 * source_width))


def expected_denominator(source_width, source_height, width, height):
    """libjpeg-turbo's scaled size is ceil(side / denom); pinboard takes the largest denominator that covers the tile."""
    for denominator in (8, 4, 2):
        if math.ceil(source_width / denominator) >= width and math.ceil(source_height / denominator) >= height:
            return denominator
    return 1


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    index = []
    for name, (width, height), seed, tile_widths in SOURCES:
        rng = np.random.default_rng(seed)
        source = OUT / f"{name}.jpg"
        make_photos.photo(rng, width, height, alpha=False).save(source, quality=QUALITY)
        size = source.stat().st_size
        assert size < 400_000, f"{source.name} is {size} bytes"
        with Image.open(source) as image:
            full = image.convert("RGB")
        assert full.size == (width, height)
        for tile_width in tile_widths:
            tile_h = tile_height(width, height, tile_width)
            golden = full.resize((tile_width, tile_h), Image.LANCZOS, reducing_gap=None)
            golden_name = f"{name}.w{tile_width}.rgb"
            (OUT / golden_name).write_bytes(golden.tobytes())
            index.append({
                "source": source.name, "width": tile_width, "height": tile_h, "golden": golden_name,
                "denominator": expected_denominator(width, height, tile_width, tile_h),
            })
        print(f"{source.name}: {size / 1000:.0f} KB, tiles {', '.join(str(w) for w in tile_widths)}")
    (OUT / "index.json").write_text(json.dumps(index, indent=1) + "\n")


if __name__ == "__main__":
    main()

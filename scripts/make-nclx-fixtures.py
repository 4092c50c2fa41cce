#!/usr/bin/env python3
"""Write Fixtures/nclx/: HEIC and AVIF files that describe their colours only by an nclx
box (Display P3 primaries, sRGB transfer, no ICC profile), and references for pinboard's
conversion of nclx code points to sRGB.

Why: phones and AVIF encoders often write nclx code points (ITU-T H.273) instead of an
ICC profile. pinboard builds a Little CMS profile from them; to test that without
trusting Little CMS to check itself, the references here are computed with plain colour
maths in Python: decode the samples with the transfer curve, map the primaries to sRGB's
through CIE XYZ (both white points are D65, so no adaptation), clip, encode with sRGB's
curve. That is what relative colorimetric with black-point compensation does between two
such spaces, whose blacks are both zero.

It sets itself up: Pillow and pillow-heif come from .venv/tiff-heif (the same environment
as make-tiff-heif-fixtures.py), made by pip from scripts/requirements-tiff-heif.txt.

usage: scripts/make-nclx-fixtures.py

Outputs:
  Fixtures/nclx/p3.heic, p3.avif       the 64x48 picture below, nclx 12/13/6 full range
  Fixtures/nclx/golden/<name>.rgba    pillow-heif's decode of each, converted to sRGB
  Fixtures/nclx/golden/index.json     {"<name>": {"width": W, "height": H}}
  Fixtures/nclx/<space>.rgb           Fixtures/color/pattern.rgba converted to sRGB (RGB)
  Fixtures/nclx/index.json            {"spaces": the code points and description of each <space>}
Deterministic; run once, outputs are committed.
"""

import json
import os
import sys
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from own_venv import enter  # noqa: E402

enter("tiff-heif", __doc__)

import pillow_heif  # noqa: E402
from PIL import Image, ImageDraw  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "Fixtures" / "nclx"
# The 64x8 pattern make-color-goldens.py wrote; its size is in Fixtures/color/index.json.
PATTERN = ROOT / "Fixtures" / "color" / "pattern.rgba"

D65 = (0.3127, 0.3290)
# H.273 colour primaries: red, green, blue, white (CIE xy).
PRIMARIES = {
    1: ((0.640, 0.330), (0.300, 0.600), (0.150, 0.060), D65),
    9: ((0.708, 0.292), (0.170, 0.797), (0.131, 0.046), D65),
    12: ((0.680, 0.320), (0.265, 0.690), (0.150, 0.060), D65),
}


def srgb_decode(v):
    return v / 12.92 if v < 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def srgb_encode(light):
    return light * 12.92 if light < 0.0031308 else 1.055 * light ** (1 / 2.4) - 0.055


def bt709_decode(v):
    """The inverse of BT.709's camera curve, V = 1.099 L^0.45 - 0.099 (4.5 L below 0.018)."""
    return v / 4.5 if v < 0.081 else ((v + 0.099) / 1.099) ** (1 / 0.45)


TRANSFERS = {13: srgb_decode, 1: bt709_decode}


def to_xyz(primaries):
    """The 3x3 matrix from linear RGB to XYZ, white scaled to Y = 1."""
    (rx, ry), (gx, gy), (bx, by), (wx, wy) = primaries
    columns = [(x / y, 1.0, (1 - x - y) / y) for x, y in ((rx, ry), (gx, gy), (bx, by))]
    white = (wx / wy, 1.0, (1 - wx - wy) / wy)
    scale = solve([[columns[c][r] for c in range(3)] for r in range(3)], white)
    return [[columns[c][r] * scale[c] for c in range(3)] for r in range(3)]


def solve(matrix, vector):
    """Cramer's rule for three unknowns."""
    def det(m):
        return (m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
                - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]))
    whole = det(matrix)
    result = []
    for column in range(3):
        replaced = [[vector[r] if c == column else matrix[r][c] for c in range(3)] for r in range(3)]
        result.append(det(replaced) / whole)
    return result


def inverse(matrix):
    columns = [solve(matrix, [1.0 if r == c else 0.0 for r in range(3)]) for c in range(3)]
    return [[columns[c][r] for c in range(3)] for r in range(3)]


def converter(primaries, transfer):
    """A function from 8-bit RGB in the nclx space to 8-bit sRGB."""
    to_srgb = inverse(to_xyz(PRIMARIES[1]))
    source = to_xyz(PRIMARIES[primaries])
    matrix = [[sum(to_srgb[r][k] * source[k][c] for k in range(3)) for c in range(3)] for r in range(3)]
    decode = TRANSFERS[transfer]

    def convert(rgb):
        light = [decode(v / 255) for v in rgb]
        out = []
        for row in matrix:
            value = min(1.0, max(0.0, sum(row[c] * light[c] for c in range(3))))
            out.append(round(srgb_encode(value) * 255))
        return out
    return convert


def picture():
    """64x48: saturated patches (where P3 and sRGB differ most) over ramps of each primary and grey."""
    image = Image.new("RGB", (64, 48), (235, 230, 220))
    draw = ImageDraw.Draw(image)
    patches = [(220, 30, 30), (30, 200, 60), (30, 60, 210), (240, 200, 30), (30, 190, 200), (200, 40, 190),
               (250, 120, 20), (120, 120, 120)]
    for index, colour in enumerate(patches):
        draw.rectangle([index * 8, 0, index * 8 + 7, 23], fill=colour)
    for y in range(24, 48):
        mask = [(1, 0, 0), (0, 1, 0), (0, 0, 1), (1, 1, 1)][(y - 24) // 6]
        for x in range(64):
            level = x * 255 // 63
            image.putpixel((x, y), tuple(level * m for m in mask))
    return image


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "golden").mkdir(exist_ok=True)
    # "codes": primaries, transfer, matrix.
    spaces = {
        "display-p3": {"codes": [12, 13, 6], "fullRange": True,
                       "description": "nclx: Display P3 (primaries 12, transfer 13)"},
        "bt2020": {"codes": [9, 1, 9], "fullRange": False,
                   "description": "nclx: BT.2020 (primaries 9, transfer 1)"},
    }
    pattern = PATTERN.read_bytes()
    for name, space in spaces.items():
        convert = converter(space["codes"][0], space["codes"][1])
        pixels = bytearray()
        for offset in range(0, len(pattern), 4):
            pixels += bytes(convert(pattern[offset:offset + 3]))
        (OUT / f"{name}.rgb").write_bytes(bytes(pixels))
    (OUT / "index.json").write_text(json.dumps({"spaces": spaces}, indent=1, sort_keys=True) + "\n")

    pillow_heif.register_heif_opener()
    pillow_heif.register_avif_opener()
    index = {}
    p3 = converter(12, 13)
    for name in ("p3.heic", "p3.avif"):
        path = OUT / name
        picture().save(path, quality=90, save_nclx_profile=True, color_primaries=12, transfer_characteristic=13,
                       matrix_coefficients=6, full_range_flag=1)
        decoded = pillow_heif.open_heif(path, convert_hdr_to_8bit=True)
        nclx = decoded.info.get("nclx_profile")
        assert nclx and nclx["color_primaries"] == 12 and nclx["transfer_characteristics"] == 13, nclx
        assert not decoded.info.get("icc_profile"), "pillow-heif wrote an ICC profile too"
        stored = decoded.to_pillow().convert("RGB")
        converted = bytearray()
        for pixel in stored.getdata():
            converted += bytes(p3(pixel)) + b"\xff"
        key = name.replace(".", "-")
        (OUT / "golden" / f"{key}.rgba").write_bytes(bytes(converted))
        index[key] = {"width": stored.width, "height": stored.height}
        print(f"{path.relative_to(ROOT)}: {path.stat().st_size} bytes")
    (OUT / "golden" / "index.json").write_text(json.dumps(index, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    sys.exit(main())

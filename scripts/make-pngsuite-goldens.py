#!/usr/bin/env python3
"""Write reference RGBA8 decodes of PngSuite for pinboard's decoder tests.

Why: pinboard decodes PNGs with the system libpng, transformed to 8-bit RGBA.
To test that without trusting libpng to check itself, this script decodes
every valid PngSuite image (Fixtures/pngsuite/*.png, except the corrupt x*
files) with an independent decoder, pypng, and applies
the same transformation rules by hand:

- palette -> RGB; tRNS -> alpha (palette alpha entries; for gray/RGB a pixel
  equal to the tRNS colour at native depth gets alpha 0, others 255); no
  alpha information -> alpha 255; gray replicated to R=G=B.
- depth < 8 -> v*255/(2^bits-1) exactly; 16 -> (v*255 + 32895) >> 16
  (libpng's png_set_scale_16 rounding).
- gamma: only when the file has gAMA and no sRGB chunk, and libpng would find
  the correction significant (file gamma * 2.2 outside 1 +- 0.05), colour
  channels (never alpha) become round(255 * (v/max) ** (1/(g*2.2))) from the
  native-depth sample (palette entries for palette images). Such files are
  marked "gammaCorrected": true in index.json, and tests allow +-1 there since
  libpng's gamma tables round on their own.

Outputs, in Fixtures/pngsuite-golden/:
  <name>.rgba   width*height*4 raw bytes, rows top to bottom, straight alpha
  index.json    {"<name>.png": {"width": W, "height": H, "gammaCorrected": b}}

Run once from anywhere; the outputs are committed.
It sets itself up: pypng comes from .venv/fixtures, made by pip from the exact versions in
scripts/requirements-fixtures.txt on the first run.
"""

import json
import math
import struct
import sys
from pathlib import Path

from own_venv import enter

enter("fixtures", __doc__)

# Packages outside the standard library come from the script's own environment, after enter().
import png  # pypng

ROOT = Path(__file__).resolve().parent.parent
SUITE = ROOT / "Fixtures" / "pngsuite"
GOLDEN = ROOT / "Fixtures" / "pngsuite-golden"

# libpng's PNG_GAMMA_THRESHOLD_FIXED: a file*screen gamma product within
# 5000/100000 of 1 is not worth correcting (png_gamma_significant).
GAMMA_THRESHOLD = 5000
SCREEN_GAMMA = 2.2


def colour_chunks(path):
    """Return (gAMA value as the chunk's integer or None, has sRGB chunk)."""
    gama, srgb = None, False
    for kind, data in png.Reader(filename=str(path)).chunks():
        if kind == b"gAMA" and len(data) == 4:
            gama = struct.unpack(">I", data)[0]
        elif kind == b"sRGB":
            srgb = True
    return gama, srgb


def gamma_exponent(gama, srgb):
    """The exponent libpng applies, or None when it leaves samples alone."""
    if srgb or gama is None or gama == 0:
        return None
    product = math.floor(gama * SCREEN_GAMMA + 0.5)  # png_product2, fixed point
    if abs(product - 100000) < GAMMA_THRESHOLD:
        return None
    return 1.0 / (gama / 100000 * SCREEN_GAMMA)


def make_converter(bitdepth, exponent):
    """Map one native-depth colour sample to 8 bits."""
    top = (1 << bitdepth) - 1
    if exponent is not None:
        table = [math.floor(255 * (v / top) ** exponent + 0.5) for v in range(top + 1)]
    elif bitdepth < 8:
        table = [v * 255 // top for v in range(top + 1)]
    elif bitdepth == 8:
        table = list(range(256))
    else:
        table = [(v * 255 + 32895) >> 16 for v in range(top + 1)]
    return table


def decode(path):
    """Return (width, height, rgba bytes, gammaCorrected)."""
    gama, srgb = colour_chunks(path)
    exponent = gamma_exponent(gama, srgb)

    reader = png.Reader(filename=str(path))
    width, height, rows, info = reader.read()  # native samples, no sBIT shift
    rows = [list(r) for r in rows]
    out = bytearray()

    if reader.color_type == 3:
        # Only colour type 3 is indexed; a PLTE in a truecolour file (pp0n*)
        # is a mere suggestion. pypng pads palette alpha with 255 past tRNS.
        palette = reader.palette(alpha="force")
        conv = make_converter(8, exponent)
        lut = [bytes((conv[r], conv[g], conv[b], a)) for r, g, b, a in palette]
        for row in rows:
            for index in row:
                out += lut[index]
        return width, height, bytes(out), exponent is not None

    depth = info["bitdepth"]
    planes = info["planes"]
    greyscale = info["greyscale"]
    has_alpha = info["alpha"]
    transparent = info.get("transparent")  # tuple at native depth, or None
    conv = make_converter(depth, exponent)
    alpha_conv = make_converter(depth, None)  # alpha is never gamma corrected
    colour_planes = planes - 1 if has_alpha else planes

    for row in rows:
        for x in range(width):
            px = row[x * planes:(x + 1) * planes]
            colour = px[:colour_planes]
            if has_alpha:
                alpha = alpha_conv[px[-1]]
            elif transparent is not None and tuple(colour) == tuple(transparent):
                alpha = 0
            else:
                alpha = 255
            if greyscale:
                grey = conv[colour[0]]
                out += bytes((grey, grey, grey, alpha))
            else:
                out += bytes((conv[colour[0]], conv[colour[1]], conv[colour[2]], alpha))
    return width, height, bytes(out), exponent is not None


def main():
    GOLDEN.mkdir(parents=True, exist_ok=True)
    index = {}
    failed = []
    for path in sorted(SUITE.glob("*.png")):
        if path.name.startswith("x"):
            continue  # PngSuite's deliberately corrupt files
        try:
            width, height, rgba, corrected = decode(path)
        except Exception as error:  # report, keep going
            failed.append((path.name, f"{type(error).__name__}: {error}"))
            continue
        assert len(rgba) == width * height * 4, path.name
        (GOLDEN / (path.name + ".rgba")).write_bytes(rgba)
        index[path.name] = {"width": width, "height": height, "gammaCorrected": corrected}

    with open(GOLDEN / "index.json", "w") as f:
        json.dump(index, f, indent=1, sort_keys=True)
        f.write("\n")

    corrected = sum(1 for entry in index.values() if entry["gammaCorrected"])
    print(f"wrote {len(index)} goldens ({corrected} gamma corrected) to {GOLDEN}")
    for name, why in failed:
        print(f"could not decode {name}: {why}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

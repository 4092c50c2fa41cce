#!/usr/bin/env python3
"""Write the JPEG fixtures and their reference decodes for JPEGCodec's tests.

Why: pinboard decodes JPEGs with the system libjpeg-turbo. To test that without
trusting libjpeg to check itself, this script makes small JPEGs with Pillow covering what phones and editors write (EXIF
orientations, greyscale, Adobe CMYK, progressive, ICC profiles) and what users
drop in a folder by mistake (a PNG or a text file named .jpg, a cut-off file,
broken EXIF), and decodes the valid ones with Pillow's own bundled libjpeg as
an independent reference.

Outputs, in Fixtures/jpeg/ (README.md there lists every file):
  *.jpg                    the fixtures, each a few KiB
  golden/<name>.<denom>.rgba  Pillow's decode at scale 1/denom, RGBA, rows top
                           to bottom, alpha 255 (CMYK converted by Pillow's
                           convert("RGB"), Adobe inverted data)
  golden/index.json        {"<name>.<denom>": {"width": W, "height": H}}

The orientation set stores one upright 48x32 picture eight ways: for tag value
o, the pixels are the upright picture transformed by the inverse of o's
transform, so every file shows the same upright picture. The script checks
that with Pillow's ImageOps.exif_transpose before writing anything.

Deterministic (no randomness beyond a fixed seed); run once, outputs are committed.
It sets itself up: Pillow come from .venv/fixtures, made by pip from the exact versions in
scripts/requirements-fixtures.txt on the first run.
"""

import io
import json
import random
import struct
import sys
from pathlib import Path

from own_venv import enter

enter("fixtures", __doc__)

# Packages outside the standard library come from the script's own environment, after enter().
from PIL import Image, ImageCms, ImageDraw, ImageOps

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "Fixtures" / "jpeg"
GOLDEN = OUT / "golden"

# Pillow's transpose that takes stored pixels upright, per EXIF tag value,
# as ImageOps.exif_transpose applies it.
UPRIGHT = {
    2: Image.Transpose.FLIP_LEFT_RIGHT,
    3: Image.Transpose.ROTATE_180,
    4: Image.Transpose.FLIP_TOP_BOTTOM,
    5: Image.Transpose.TRANSPOSE,
    6: Image.Transpose.ROTATE_270,  # Pillow turns anticlockwise: 270 is 90 clockwise
    7: Image.Transpose.TRANSVERSE,
    8: Image.Transpose.ROTATE_90,
}
# Each transform's inverse: all are their own but the two quarter turns.
INVERSE = {
    o: {Image.Transpose.ROTATE_270: Image.Transpose.ROTATE_90,
        Image.Transpose.ROTATE_90: Image.Transpose.ROTATE_270}.get(t, t)
    for o, t in UPRIGHT.items()
}


def upright_picture():
    """48x32, asymmetric on both axes: an arrow pointing up at the left, an F at the right."""
    image = Image.new("RGB", (48, 32), (235, 230, 220))
    draw = ImageDraw.Draw(image)
    draw.polygon([(12, 3), (3, 14), (9, 14), (9, 28), (15, 28), (15, 14), (21, 14)], fill=(200, 40, 40))
    draw.rectangle([28, 4, 32, 28], fill=(30, 60, 170))
    draw.rectangle([28, 4, 43, 8], fill=(30, 60, 170))
    draw.rectangle([28, 14, 39, 18], fill=(30, 60, 170))
    draw.rectangle([36, 24, 45, 29], fill=(40, 150, 60))
    return image


def exif_orientation(value, big_endian):
    """An APP1 payload: Exif header, TIFF header, IFD0 with the orientation and no next IFD."""
    order = ">" if big_endian else "<"
    tiff = (b"MM" if big_endian else b"II") + struct.pack(order + "HI", 42, 8)
    tiff += struct.pack(order + "H", 1)
    tiff += struct.pack(order + "HHIHH", 0x0112, 3, 1, value, 0)
    tiff += struct.pack(order + "I", 0)
    return b"Exif\x00\x00" + tiff


def exif_far_ifd(value, padding):
    """EXIF whose IFD0 sits `padding` bytes after the TIFF header, beyond a probe's first read."""
    offset = 8 + padding
    tiff = b"II" + struct.pack("<HI", 42, offset) + bytes(padding)
    tiff += struct.pack("<H", 1) + struct.pack("<HHIHH", 0x0112, 3, 1, value, 0) + struct.pack("<I", 0)
    return b"Exif\x00\x00" + tiff


def photo(width, height, seed):
    """A smooth colourful picture with edges, like a small photo: gradients plus shapes."""
    image = Image.new("RGB", (width, height))
    pixels = image.load()
    for y in range(height):
        for x in range(width):
            pixels[x, y] = (x * 255 // max(width - 1, 1), y * 255 // max(height - 1, 1),
                            (x + y) * 255 // max(width + height - 2, 1))
    draw = ImageDraw.Draw(image)
    rng = random.Random(seed)
    for _ in range(6):
        x0, y0 = rng.randrange(width), rng.randrange(height)
        x1, y1 = x0 + rng.randrange(4, width // 2), y0 + rng.randrange(4, height // 2)
        draw.ellipse([x0, y0, x1, y1], fill=tuple(rng.randrange(256) for _ in range(3)))
    return image


def save(image, name, **options):
    path = OUT / name
    image.save(path, "JPEG", **options)
    return path


def golden(name, index, denom=1):
    """Pillow's decode of a fixture at scale 1/denom, as RGBA."""
    with Image.open(OUT / name) as image:
        width, height = image.size
        if denom > 1:
            # Pillow picks the scale from the floor of the size ratios.
            image.draft(image.mode, (width // denom, height // denom))
        rgba = image.convert("RGB").convert("RGBA")
    expected = (-(-width // denom), -(-height // denom))
    if rgba.size != expected:
        sys.exit(f"{name}: Pillow decoded {rgba.size} at 1/{denom}, not {expected}")
    key = f"{name}.{denom}"
    (GOLDEN / (key + ".rgba")).write_bytes(rgba.tobytes())
    index[key] = {"width": rgba.width, "height": rgba.height}


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    GOLDEN.mkdir(parents=True, exist_ok=True)
    index = {}
    readme = []

    # The orientation set: 4:4:4 at quality 95, so the eight files differ only by
    # the rounding of differently aligned blocks.
    upright = upright_picture()
    for value in range(1, 9):
        stored = upright if value == 1 else upright.transpose(INVERSE[value])
        name = f"orientation-{value}.jpg"
        save(stored, name, quality=95, subsampling=0, exif=exif_orientation(value, big_endian=value % 2 == 1))
        with Image.open(OUT / name) as check:
            shown = ImageOps.exif_transpose(check).convert("RGB")
        worst = max(abs(a - b) for a, b in zip(shown.tobytes(), upright.tobytes()))
        if shown.size != upright.size or worst > 64:
            sys.exit(f"{name}: Pillow does not show it upright (size {shown.size}, worst {worst})")
        readme.append(f"| {name} | {stored.width}x{stored.height} stored, EXIF orientation {value} "
                      f"({'MM' if value % 2 else 'II'}); upright it is the 48x32 arrow-and-F picture |")
    golden("orientation-1.jpg", index)

    save(photo(64, 48, 1).convert("L"), "grey.jpg", quality=90)
    golden("grey.jpg", index)
    readme.append("| grey.jpg | 64x48, 1 component |")

    save(photo(64, 48, 2).convert("CMYK"), "cmyk-adobe.jpg", quality=90)
    data = (OUT / "cmyk-adobe.jpg").read_bytes()
    if data[2:4] != b"\xff\xee" or data[6:11] != b"Adobe":
        sys.exit("cmyk-adobe.jpg: Pillow wrote no Adobe APP14 marker")
    golden("cmyk-adobe.jpg", index)
    readme.append("| cmyk-adobe.jpg | 64x48, 4 components, Adobe APP14 (inverted CMYK, as Photoshop writes) |")

    save(photo(96, 64, 3), "progressive.jpg", quality=85, progressive=True)
    golden("progressive.jpg", index)
    readme.append("| progressive.jpg | 96x64, progressive, 4:2:0 |")

    profile = bytearray(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
    # lcms stamps the creation time (header bytes 24-35); a fixed date and no
    # profile ID (bytes 84-99, optional) keep the fixture the same on every run.
    profile[24:36] = struct.pack(">6H", 2024, 1, 1, 0, 0, 0)
    profile[84:100] = bytes(16)
    profile = bytes(profile)
    save(photo(64, 48, 4), "icc.jpg", quality=90, icc_profile=profile)
    golden("icc.jpg", index)
    readme.append("| icc.jpg | 64x48 with an embedded sRGB ICC profile (APP2); decoded without applying it |")

    save(photo(257, 171, 5), "scaled.jpg", quality=85)
    for denom in (1, 2, 4, 8):
        golden("scaled.jpg", index, denom)
    readme.append("| scaled.jpg | 257x171 (odd sizes, to check the rounding of DCT scaling), 4:2:0; goldens at 1, 1/2, 1/4, 1/8 |")

    save(photo(64, 48, 6), "far-exif.jpg", quality=90, exif=exif_far_ifd(6, 6000))
    readme.append("| far-exif.jpg | 64x48, EXIF orientation 6 with IFD0 6000 bytes into the segment (beyond the probe's first 4 KiB) |")

    rng = random.Random(7)
    garbage = b"Exif\x00\x00MM\x00\x2a" + bytes(rng.randrange(256) for _ in range(200))
    save(photo(64, 48, 7), "garbage-exif.jpg", quality=90, exif=garbage)
    readme.append("| garbage-exif.jpg | 64x48, APP1 'Exif' then a TIFF header whose offsets are random bytes: orientation 1 |")

    buffer = io.BytesIO()
    photo(32, 32, 8).save(buffer, "PNG")
    (OUT / "png-named.jpg").write_bytes(buffer.getvalue())
    readme.append("| png-named.jpg | a PNG file with a .jpg name |")

    (OUT / "text.jpg").write_text("This is not a JPEG, whatever its name says.\n")
    readme.append("| text.jpg | a text file with a .jpg name |")

    full = (OUT / "scaled.jpg").read_bytes()
    (OUT / "truncated.jpg").write_bytes(full[: len(full) * 6 // 10])
    readme.append("| truncated.jpg | scaled.jpg cut at 60% of its bytes, in the middle of the scan |")

    full = (OUT / "progressive.jpg").read_bytes()
    (OUT / "truncated-progressive.jpg").write_bytes(full[: len(full) * 6 // 10])
    readme.append("| truncated-progressive.jpg | progressive.jpg cut at 60% of its bytes, after a few scans |")

    # Cut inside the Huffman tables, past the frame header the probe reads: libjpeg
    # meets its padding EOI where table bytes were due, and fails rather than warns.
    full = (OUT / "grey.jpg").read_bytes()
    (OUT / "truncated-tables.jpg").write_bytes(full[: full.index(b"\xff\xc4") + 100])
    readme.append("| truncated-tables.jpg | grey.jpg cut 100 bytes into its first Huffman table, before the scan |")

    # Four stray bytes before the quantisation table, a stuffed FF 00 among them: libjpeg
    # discards them with a warning ("4 extraneous bytes before marker 0xdb") and Pillow,
    # like every viewer, shows the photo, so the golden is Pillow's decode of this file.
    data = bytearray((OUT / "grey.jpg").read_bytes())
    dqt = data.index(b"\xff\xdb")
    (OUT / "stray-bytes.jpg").write_bytes(bytes(data[:dqt] + b"\x12\xff\x00\x34" + data[dqt:]))
    golden("stray-bytes.jpg", index)
    readme.append("| stray-bytes.jpg | grey.jpg with 12 FF 00 34 between its APP0 segment and its quantisation table |")

    # A valid 16x16 file whose frame header is then made to claim 65000x65000:
    # JPEG sizes are 16-bit, and libjpeg refuses sides over 65500 on its own.
    save(photo(16, 16, 9), "huge.jpg", quality=90)
    data = bytearray((OUT / "huge.jpg").read_bytes())
    sof = data.index(b"\xff\xc0")
    struct.pack_into(">HH", data, sof + 5, 65000, 65000)
    (OUT / "huge.jpg").write_bytes(bytes(data))
    readme.append("| huge.jpg | a 16x16 file whose SOF0 claims 65000x65000 (4.2 gigapixels) |")

    with open(GOLDEN / "index.json", "w") as f:
        json.dump(index, f, indent=1, sort_keys=True)
        f.write("\n")
    with open(OUT / "README.md", "w") as f:
        f.write("# JPEG fixtures\n\nMade by `scripts/make-jpeg-fixtures.py` (Pillow); `golden/` holds Pillow's decodes.\n\n")
        f.write("| file | what it is |\n|---|---|\n")
        f.write("\n".join(readme) + "\n")
    total = sum(p.stat().st_size for p in OUT.rglob("*") if p.is_file())
    print(f"wrote {len(readme)} fixtures and {len(index)} goldens to {OUT} ({total} bytes)")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Write the fixtures and reference decodes for issue 54: files from the codec projects'
own test data that pinboard read differently from Pillow, and small files made here to
show each case on its own.

Why: pinboard decodes PNG with libpng 1.6.39, TIFF with libtiff 4.5 and HEIF with
libheif 1.15, and each of them reads some valid files differently from Pillow and
libavif. The references are Pillow 11.3's decodes (its AVIF plugin is libavif 1.3), or,
where Pillow has no defensible answer of its own, the arithmetic written out here.

It sets itself up: Pillow, pillow-heif, numpy and tifffile come from .venv/codec-samples,
made by pip from the exact versions in scripts/requirements-codec-samples.txt.

usage: scripts/make-codec-sample-fixtures.py

Inputs (copied unchanged, with their licences; README.md in each folder says from where):
  Fixtures/libavif/*.png, *.avif        libavif's tests/data (BSD-2-Clause)
  Fixtures/avif-sample-images/*.avif    link-u/avif-sample-images (CC BY-SA 4.0)
Outputs:
  Fixtures/libavif/irot-before-ispe.avif, clap-irot-imir-before-ispe.avif (rewritten
    from libavif's files: the item's property associations reordered in place)
  Fixtures/codec-samples/*.tif (made here)
  golden/<name>.rgba and golden/index.json ({"<name>": {"width": W, "height": H}}) in
    each of those folders: RGBA, rows top to bottom, upright.

Deterministic; run once, outputs are committed.
"""

import json
import os
import struct
import sys
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from own_venv import enter  # noqa: E402

enter("codec-samples", __doc__)

import numpy as np  # noqa: E402
import tifffile  # noqa: E402
from PIL import Image, ImageOps  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
LIBAVIF = ROOT / "Fixtures" / "libavif"
SAMPLES = ROOT / "Fixtures" / "avif-sample-images"
MADE = ROOT / "Fixtures" / "codec-samples"


def save_golden(folder, index, name, rgba):
    """`rgba` (an H x W x 4 uint8 array) as golden/<name>.rgba, its size in `index`."""
    (folder / "golden").mkdir(parents=True, exist_ok=True)
    (folder / "golden" / f"{name}.rgba").write_bytes(np.ascontiguousarray(rgba, dtype=np.uint8).tobytes())
    index[name] = {"width": int(rgba.shape[1]), "height": int(rgba.shape[0])}


def write_index(folder, index):
    (folder / "golden" / "index.json").write_text(json.dumps(index, indent=1, sort_keys=True) + "\n")


def pillow_rgba(path):
    """Pillow's decode, upright: its AVIF plugin hands irot and imir over as an EXIF
    orientation rather than applying them (and leaves clap alone)."""
    with Image.open(path) as image:
        return np.asarray(ImageOps.exif_transpose(image).convert("RGBA"))


def box_shrink(rgba, factor):
    """The mean of each `factor` x `factor` block, rounded half up: a reference small
    enough to commit for a large picture, compared with the decode shrunk the same way."""
    height, width = rgba.shape[0] // factor, rgba.shape[1] // factor
    blocks = rgba[:height * factor, :width * factor].astype(np.uint32)
    blocks = blocks.reshape(height, factor, width, factor, 4).sum(axis=(1, 3))
    count = factor * factor
    return ((blocks + count // 2) // count).astype(np.uint8)


# --- HEIF boxes: just enough to find an item's property associations ---

def boxes(data, start, end):
    at = start
    while at + 8 <= end:
        size, kind = struct.unpack(">I4s", data[at:at + 8])
        header = 8
        if size == 1:
            size = struct.unpack(">Q", data[at + 8:at + 16])[0]
            header = 16
        elif size == 0:
            size = end - at
        yield kind, at + header, at + size
        at += size


def child(data, start, end, wanted, full_box=False):
    for kind, body, stop in boxes(data, start, end):
        if kind == wanted:
            return (body + 4 if full_box else body), stop
    raise ValueError(f"no {wanted!r} box")


def reorder_associations(source, target, orders):
    """Rewrites `source`'s ipma so that item N's associations come in `orders[N]`: a list of
    (property index, essential) in the new order. Same length, so no offset moves."""
    data = bytearray(source.read_bytes())
    meta = child(data, 0, len(data), b"meta", full_box=True)
    iprp = child(data, *meta, b"iprp")
    body, stop = child(data, *iprp, b"ipma")
    version_flags = struct.unpack(">I", data[body:body + 4])[0]
    assert version_flags == 0, "a version 0 ipma with 1-byte associations"
    count = struct.unpack(">I", data[body + 4:body + 8])[0]
    at = body + 8
    for _ in range(count):
        item = struct.unpack(">H", data[at:at + 2])[0]
        listed = data[at + 2]
        start = at + 3
        if item in orders:
            wanted = orders[item]
            current = sorted((byte & 0x7F) for byte in data[start:start + listed])
            assert sorted(index for index, _ in wanted) == current, (item, wanted, current)
            data[start:start + listed] = bytes(index | (0x80 if essential else 0) for index, essential in wanted)
        at = start + listed
    assert at == stop
    target.write_bytes(bytes(data))


def make_png_goldens(index):
    # Pillow keeps the colour key of a tRNS chunk placed before PLTE in an RGB image;
    # libpng 1.6.39 cancels it (1.6.47 keeps it).
    before = pillow_rgba(LIBAVIF / "circle-trns-before-plte.png")
    assert (before == pillow_rgba(LIBAVIF / "circle-trns-after-plte.png")).all()
    save_golden(LIBAVIF, index, "circle-trns-before-plte", before)


def make_avif_fixtures(index):
    # libavif's abc with irot on both items; the irot association moved first, before ispe.
    reorder_associations(LIBAVIF / "abc_color_irot_alpha_irot.avif", LIBAVIF / "irot-before-ispe.avif",
                         {1: [(5, True), (1, False), (2, False), (3, True), (4, False)],
                          2: [(5, True), (1, False), (6, False), (7, True), (8, False)]})
    # libavif's clap, irot and imir (which it wrote non-essential, so libavif refuses the
    # file) made essential and moved before ispe; the alpha item keeps no transforms.
    reorder_associations(LIBAVIF / "clap_irot_imir_non_essential.avif", LIBAVIF / "clap-irot-imir-before-ispe.avif",
                         {1: [(5, True), (6, True), (7, True), (1, False), (2, False), (3, True), (4, False)]})
    reorder_associations(LIBAVIF / "clap_irot_imir_non_essential.avif", LIBAVIF / "clap-irot-imir-essential.avif",
                         {1: [(1, False), (2, False), (3, True), (4, False), (5, True), (6, True), (7, True)]})
    # libavif reads both orders alike: one reference, shrunk 4 times to keep it small.
    upright = pillow_rgba(LIBAVIF / "irot-before-ispe.avif")
    assert (upright == pillow_rgba(LIBAVIF / "abc_color_irot_alpha_irot.avif")).all()
    save_golden(LIBAVIF, index, "irot-before-ispe.shrunk4", box_shrink(upright, 4))


def make_sample_goldens(index):
    # A monochrome AV1 in limited range: libavif expands 16-235 to 0-255.
    name = "fox.profile0.8bpc.yuv420.monochrome"
    save_golden(SAMPLES, index, f"{name}.shrunk8", box_shrink(pillow_rgba(SAMPLES / f"{name}.avif"), 8))


def grey_picture(width=64, height=48):
    """A horizontal ramp across the whole range, with a dark square at the top left so
    the picture has a way up."""
    ramp = np.tile(np.linspace(0.0, 1.0, width), (height, 1))
    ramp[4:16, 4:16] = 0.1
    return ramp


def make_tiff_fixtures(index):
    MADE.mkdir(parents=True, exist_ok=True)
    picture = grey_picture()
    # Signed 16-bit grey: the whole signed range, -32768 black, 32767 white; pinboard
    # offsets by 32768 (the range mapped onto the unsigned one) and narrows to 8 bits.
    signed16 = np.round(picture * 65535 - 32768).astype(np.int16)
    tifffile.imwrite(MADE / "signed-grey16.tif", signed16, photometric="minisblack", compression="zlib")
    narrow = ((signed16.astype(np.int64) + 32768 + 128) // 257).astype(np.uint8)
    save_golden(MADE, index, "signed-grey16", np.dstack([narrow, narrow, narrow, np.full_like(narrow, 255)]))
    signed8 = np.round(picture * 255 - 128).astype(np.int8)
    tifffile.imwrite(MADE / "signed-grey8.tif", signed8, photometric="minisblack")
    offset = (signed8.astype(np.int16) + 128).astype(np.uint8)
    save_golden(MADE, index, "signed-grey8", np.dstack([offset, offset, offset, np.full_like(offset, 255)]))
    # Signed RGB, which pinboard refuses, naming the signed samples.
    rgb16 = np.dstack([signed16, signed16[:, ::-1], signed16 // 2])
    tifffile.imwrite(MADE / "signed-rgb16.tif", rgb16, photometric="rgb")
    # RGB with an extra sample of unspecified meaning (ExtraSamples 0), all zero: not alpha.
    rgb = (np.dstack([picture, picture[:, ::-1], picture[::-1, :]]) * 255).round().astype(np.uint8)
    tifffile.imwrite(MADE / "extra-unspecified.tif", np.dstack([rgb, np.zeros_like(rgb[..., 0])]),
                     photometric="rgb", extrasamples=[0])
    save_golden(MADE, index, "extra-unspecified", pillow_rgba(MADE / "extra-unspecified.tif"))
    assert (np.asarray(Image.open(MADE / "extra-unspecified.tif").convert("RGB")) == rgb).all()
    # RGB with associated alpha (ExtraSamples 1), still alpha.
    alpha = np.tile(np.repeat(np.array([255, 192, 128, 64, 0], np.uint8), [13, 13, 13, 13, 12]), (48, 1))
    premultiplied = (rgb.astype(np.uint32) * alpha[..., None] + 127) // 255
    tifffile.imwrite(MADE / "extra-associated.tif", np.dstack([premultiplied.astype(np.uint8), alpha]),
                     photometric="rgb", extrasamples=[1])
    # 12-bit grey, uncompressed, which libtiff's RGBA reader has no converter for.
    write_grey12(MADE / "grey12.tif")


def write_grey12(path, width=4, height=2):
    """A little-endian TIFF of 12-bit grey samples packed two to three bytes."""
    samples = [0, 1024, 2048, 4095] * height
    data = bytearray()
    for at in range(0, len(samples), 2):
        a, b = samples[at], samples[at + 1]
        data += bytes([a >> 4, (a & 0xF) << 4 | b >> 8, b & 0xFF])
    header = b"II*\x00" + struct.pack("<I", 8 + len(data))
    entries = [(256, 3, 1, width), (257, 3, 1, height), (258, 3, 1, 12), (259, 3, 1, 1), (262, 3, 1, 1),
               (273, 4, 1, 8), (277, 3, 1, 1), (278, 3, 1, height), (279, 4, 1, len(data))]
    directory = struct.pack("<H", len(entries))
    for tag, kind, count, value in entries:
        directory += struct.pack("<HHI", tag, kind, count) + struct.pack("<I" if kind == 4 else "<HH", *((value,) if kind == 4 else (value, 0)))
    directory += struct.pack("<I", 0)
    path.write_bytes(header + bytes(data) + directory)


def main():
    libavif, samples, made = {}, {}, {}
    make_png_goldens(libavif)
    make_avif_fixtures(libavif)
    make_sample_goldens(samples)
    make_tiff_fixtures(made)
    write_index(LIBAVIF, libavif)
    write_index(SAMPLES, samples)
    write_index(MADE, made)


if __name__ == "__main__":
    main()

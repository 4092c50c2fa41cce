#!/usr/bin/env python3
"""Write the fixtures for sorting and grouping by the date a photo was taken.

Why: `--sort taken` reads EXIF DateTimeOriginal (with OffsetTimeOriginal), else DateTime,
from JPEG, HEIF, TIFF, WebP and PNG eXIf through pinboard's own EXIF reader. To test that
reader without trusting it, the files are written by independent writers: Pillow puts the
EXIF into JPEG APP1, PNG eXIf, WebP EXIF and TIFF directories, pillow-heif into a HEIF
Exif item. Each file is read back with Pillow here and its dates checked, so a writer
that dropped them fails this script rather than the tests.

It sets itself up: Pillow and pillow-heif come from .venv/tiff-heif (the versions pinned in
scripts/requirements-tiff-heif.txt), shared with make-tiff-heif-fixtures.py.

usage: scripts/make-date-fixtures.py

Outputs: Fixtures/dates/*, listed with their dates in Fixtures/dates/README.md. Every
picture is 24x16 of its own colour, so no two files have the same content.
Deterministic; run once, outputs are committed.
"""

import os
import sys
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from own_venv import enter  # noqa: E402

enter("tiff-heif", __doc__)

import pillow_heif
from PIL import Image, TiffImagePlugin

pillow_heif.register_heif_opener()

ROOT = Path(__file__).resolve().parent.parent
DATES = ROOT / "Fixtures" / "dates"
EXIF_IFD = 0x8769
DATE_TIME = 0x0132
DATE_TIME_ORIGINAL = 0x9003
OFFSET_TIME_ORIGINAL = 0x9011

# name, Pillow format, DateTimeOriginal, OffsetTimeOriginal, DateTime (IFD0), colour.
# Sorted by name they run a..i; by date taken: f d b e a c g h, then i (no EXIF: its
# modification time, which the tests set).
FILES = [
    ("a-tiff.tif", "TIFF", "2021:09:01 08:30:00", None, "2025:01:01 00:00:00", (200, 40, 40)),
    ("b-heic.heic", "HEIF", "2020:05:05 12:00:00", None, None, (40, 200, 40)),
    ("c-png.png", "PNG", "2022:02:02 22:22:22", None, None, (40, 40, 200)),
    ("d-webp.webp", "WEBP", "2019:12:31 23:59:59", None, None, (200, 200, 40)),
    ("e-jpeg.jpg", "JPEG", "2021:06:17 14:03:09", "+02:00", None, (200, 40, 200)),
    ("f-datetime.jpg", "JPEG", None, None, "2018:07:04 09:15:00", (40, 200, 200)),
    ("g-equal.jpg", "JPEG", "2024:06:17 08:00:00", None, None, (120, 60, 20)),
    ("h-equal.png", "PNG", "2024:06:17 08:00:00", None, None, (20, 60, 120)),
    ("i-no-exif.png", "PNG", None, None, None, (90, 90, 90)),
]


def tags(original, offset, date_time):
    """IFD0's tags, the Exif IFD as a dict under 34665: how Pillow writes a nested IFD for
    every format (an Exif object's get_ifd() is not written back, and its TIFF writer
    takes only a directory)."""
    ifd0 = {DATE_TIME: date_time} if date_time else {}
    nested = {tag: value for tag, value in ((DATE_TIME_ORIGINAL, original), (OFFSET_TIME_ORIGINAL, offset)) if value}
    if nested:
        ifd0[EXIF_IFD] = nested
    return ifd0


def exif_options(kind, ifd0):
    if not ifd0:
        return {}
    record = TiffImagePlugin.ImageFileDirectory_v2() if kind == "TIFF" else Image.Exif()
    for tag, value in ifd0.items():
        record[tag] = value
    return {"tiffinfo": record} if kind == "TIFF" else {"exif": record.tobytes()}


def main():
    DATES.mkdir(parents=True, exist_ok=True)
    lines = ["# Fixtures/dates", "", "Made by `scripts/make-date-fixtures.py` (Pillow 11.0.0, pillow-heif 0.20.0).", "",
             "| file | DateTimeOriginal | OffsetTimeOriginal | DateTime |", "|---|---|---|---|"]
    for name, kind, original, offset, date_time, colour in FILES:
        image = Image.new("RGB", (24, 16), colour)
        path = DATES / name
        options = {"quality": 90} if kind in ("JPEG", "WEBP", "HEIF") else {}
        options.update(exif_options(kind, tags(original, offset, date_time)))
        image.save(path, kind, **options)
        with Image.open(path) as back:
            exif = back.getexif()
            ifd = exif.get_ifd(EXIF_IFD)
            assert ifd.get(DATE_TIME_ORIGINAL) == original, (name, ifd.get(DATE_TIME_ORIGINAL))
            assert ifd.get(OFFSET_TIME_ORIGINAL) == offset, (name, ifd.get(OFFSET_TIME_ORIGINAL))
            assert exif.get(DATE_TIME) == date_time, (name, exif.get(DATE_TIME))
        lines.append(f"| {name} | {original or '—'} | {offset or '—'} | {date_time or '—'} |")
    (DATES / "README.md").write_text("\n".join(lines) + "\n")


main()

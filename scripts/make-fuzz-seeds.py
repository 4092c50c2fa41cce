#!/usr/bin/env python3
"""Seed corpora for the fuzz targets of the readers added with sorting, labels and diff
settings: Fixtures/fuzz/FuzzEXIF (the EXIF blocks of Fixtures/dates and hand-made
hostile ones), Fixtures/fuzz/FuzzDiffConfig, Fixtures/fuzz/FuzzLabelTemplate, Fixtures/fuzz/FuzzFileList
(lists with blank lines, spaces, NULs, CRs and broken UTF-8), Fixtures/fuzz/FuzzRunLength
(filtered-looking rows, noise, and pairs its odd mode expands into long runs), and lying
variants of the PNG sheet's split manifest chunks and of the JPEG sheet in
Fixtures/fuzz/FuzzEmbeddedManifest (whose sheet.jpg, .webp,
.avif and .tif are pinboard's own: `pinboard Fixtures/solid/red-40x30.png
Fixtures/solid/blue-64x16.png -w 60 -c 1 -o sheet.EXT`).
Standard library only; run from anywhere: scripts/make-fuzz-seeds.py"""
import json
import os
import struct
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FUZZ = os.path.join(ROOT, "Fixtures", "fuzz")


def write(target, name, data):
    folder = os.path.join(FUZZ, target)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name), "wb") as handle:
        handle.write(data if isinstance(data, bytes) else data.encode())


def exif_of_jpeg(path):
    """The TIFF-structured block of a JPEG's Exif APP1 segment."""
    data = open(path, "rb").read()
    at = data.index(b"Exif\0\0")
    length = struct.unpack(">H", data[at - 2:at])[0]
    return data[at + 6:at - 2 + length]


def entry(tag, kind, count, value):
    return struct.pack("<HHI", tag, kind, count) + value


def hostile():
    """Little-endian TIFF headers whose directories lie: each names the lie."""
    header = b"II*\0" + struct.pack("<I", 8)
    loop = header + struct.pack("<H", 1) + entry(0x0112, 3, 1, struct.pack("<HH", 6, 0)) + struct.pack("<I", 8)
    huge_count = header + struct.pack("<H", 1) + entry(0x9003, 2, 0x7FFFFFFF, struct.pack("<I", 26)) + struct.pack("<I", 0)
    exif_past_end = header + struct.pack("<H", 1) + entry(0x8769, 4, 1, struct.pack("<I", 0xFFFFFF00)) + struct.pack("<I", 0)
    exif_into_itself = header + struct.pack("<H", 1) + entry(0x8769, 4, 1, struct.pack("<I", 8)) + struct.pack("<I", 0)
    many_entries = header + struct.pack("<H", 0xFFFF) + entry(0x0112, 3, 1, struct.pack("<HH", 3, 0))
    date = b"2024:06:17 10:30:00\0"
    offset_date = header + struct.pack("<H", 1) + entry(0x8769, 4, 1, struct.pack("<I", 26)) + struct.pack("<I", 0)
    offset_date += struct.pack("<H", 2) + entry(0x9003, 2, len(date), struct.pack("<I", 56))
    offset_date += entry(0x9011, 2, 7, b"+02:\0\0\0\0")[:12] + struct.pack("<I", 0) + date
    return {
        "next-ifd-loop": loop, "count-past-end": huge_count, "exif-ifd-past-end": exif_past_end,
        "exif-ifd-into-itself": exif_into_itself, "65535-entries": many_entries, "date-with-offset": offset_date,
        "big-endian-empty": b"MM\0*" + struct.pack(">I", 8) + struct.pack(">H", 0) + struct.pack(">I", 0),
    }


def hostile_sheets():
    """Variants of the small JPEG sheet whose manifest segments (APP11, "pinboard:manifest")
    lie: a length past the file, a piece repeated, a count of pieces never reached, the
    file cut inside the segment. The sheet itself is pinboard's own output, committed."""
    folder = os.path.join(FUZZ, "FuzzEmbeddedManifest")
    sheet = open(os.path.join(folder, "sheet.jpg"), "rb").read()
    at = sheet.index(b"\xff\xeb")
    length = struct.unpack(">H", sheet[at + 2:at + 4])[0]
    segment = sheet[at:at + 2 + length]
    identifier = b"pinboard:manifest\0"
    piece = segment.index(identifier) + len(identifier)
    return {
        "jpeg-claims-more.jpg": sheet[:at + 2] + b"\xff\xff" + sheet[at + 4:],
        "jpeg-piece-repeated.jpg": sheet[:at] + segment + segment + sheet[at + len(segment):],
        "jpeg-count-never-reached.jpg": sheet[:at] + segment[:piece] + bytes([1, 9]) + segment[piece + 2:]
        + sheet[at + len(segment):],
        "jpeg-cut-in-segment.jpg": sheet[:at + len(segment) // 2],
    }


def png_chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def manifest_chunk(text):
    """A compressed iTXt chunk with pinboard's keyword, as ManifestChunk writes one."""
    return png_chunk(b"iTXt", b"pinboard:manifest\0\1\0\0\0" + zlib.compress(text))


def split_sheets():
    """A small PNG sheet's manifest cut over three iTXt chunks (as pinboard writes one over
    1 MB), and chains that lie: a tEXt chunk between the pieces, a piece repeated, a
    piece's length past the file, the file cut after the second piece; a fourth piece
    whose JSON is valid but whose tiles lie outside the sheet and overlap."""
    folder = os.path.join(FUZZ, "FuzzEmbeddedManifest")
    sheet = open(os.path.join(folder, "s1.png"), "rb").read()
    at = sheet.index(b"iTXt") - 4
    length = struct.unpack(">I", sheet[at:at + 4])[0]
    head, tail = sheet[:at], sheet[at + 12 + length:]
    data = sheet[at + 8:at + 8 + length]
    text = zlib.decompress(data[data.index(b"\0\1\0\0\0") + 5:])
    third = len(text) // 3
    pieces = [manifest_chunk(text[:third]), manifest_chunk(text[third:2 * third]), manifest_chunk(text[2 * third:])]
    other = png_chunk(b"tEXt", b"Comment\0between the pieces")
    claims = bytearray(pieces[1])
    claims[0:4] = struct.pack(">I", 0x7FFFFFF0)
    lying = json.loads(text)
    for item in lying["items"]:
        item["x"], item["y"], item["width"] = 100_000, -5, 1 << 40
    return {
        "split-3.png": head + b"".join(pieces) + tail,
        "split-interleaved.png": head + pieces[0] + other + pieces[1] + other + pieces[2] + tail,
        "split-piece-repeated.png": head + pieces[0] + pieces[1] + pieces[1] + pieces[2] + tail,
        "split-claims-more.png": head + pieces[0] + bytes(claims) + pieces[2] + tail,
        "split-stops-early.png": head + pieces[0] + pieces[1],
        "split-tiles-outside.png": head + manifest_chunk(json.dumps(lying).encode()) + tail,
    }


def claiming_gigabytes():
    """Files of a few kilobytes whose manifest (or EXIF) claims gigabytes: the WebP sheet's
    PBMF chunk, the TIFF sheet's ImageDescription count, the AVIF sheet's manifest item
    extent, a JPEG's EXIF date count. Readers must check a claim against the file before
    allocating it (tests: ClaimedSizeTests)."""
    folder = os.path.join(FUZZ, "FuzzEmbeddedManifest")
    webp = bytearray(open(os.path.join(folder, "sheet.webp"), "rb").read())
    at = webp.index(b"PBMF")
    webp[at + 4:at + 8] = struct.pack("<I", 0xFFFFFFF0)
    tiff = bytearray(open(os.path.join(folder, "sheet.tif"), "rb").read())
    endian = "<" if tiff[:2] == b"II" else ">"
    ifd = struct.unpack(endian + "I", tiff[4:8])[0]
    for index in range(struct.unpack(endian + "H", tiff[ifd:ifd + 2])[0]):
        place = ifd + 2 + 12 * index
        if struct.unpack(endian + "H", tiff[place:place + 2])[0] == 270:
            tiff[place + 4:place + 8] = struct.pack(endian + "I", 0x7FFFFFF0)
    avif = bytearray(open(os.path.join(folder, "sheet.avif"), "rb").read())
    text = avif[avif.index(b'{"version":'):]
    length = struct.pack(">I", len(text[:text.index(b"}]}") + 3]) if b"}]}" in text else len(text))
    iloc = avif.index(b"iloc")
    extent = avif.index(length, iloc)
    avif[extent:extent + 4] = struct.pack(">I", 0xFFFFFFF0)
    jpeg = open(os.path.join(ROOT, "Fixtures", "dates", "e-jpeg.jpg"), "rb").read()
    block = hostile()["count-past-end"]
    app1 = b"\xff\xe1" + struct.pack(">H", len(block) + 8) + b"Exif\0\0" + block
    return {
        ("FuzzEmbeddedManifest", "webp-claims-4-gib.webp"): bytes(webp),
        ("FuzzEmbeddedManifest", "tiff-claims-2-gib.tif"): bytes(tiff),
        ("FuzzEmbeddedManifest", "avif-claims-4-gib.avif"): bytes(avif),
        ("FuzzJPEG", "exif-claims-2-gib.jpg"): jpeg[:2] + app1 + jpeg[2:],
    }


def run_length_seeds():
    """Level 1's coder reads a mode byte, two bytes of cut, then data: even modes take the
    data as it is, odd ones as (byte, n) pairs repeated 1 + n² times."""
    rows = bytes((x * 7 + y) % 5 for y in range(40) for x in range(100))
    noise = bytes((x * 2654435761 >> 13) & 255 for x in range(3000))
    return {
        "empty": b"\0",
        "text": b"\0\x10\0" + b"a sheet's rows, cut in two at sixteen bytes",
        "rows": b"\0\xa0\x0f" + rows,
        "noise": b"\0\0\x08" + noise,
        "runs-across-cut": b"\1\x04\0" + bytes([200, 10, 200, 255, 200, 255, 7, 0]),
        "long-runs": b"\1\x10\0" + bytes(v for i in range(64) for v in ((i * 37) & 255, (i * 13) & 255)),
        "skewed": b"\0\0\x20" + b"".join(bytes([i]) * (1 << (i % 12)) for i in range(20)),
    }


def main():
    for name, data in run_length_seeds().items():
        write("FuzzRunLength", name + ".bin", data)

    dates = os.path.join(ROOT, "Fixtures", "dates")
    for name in ("e-jpeg.jpg", "f-datetime.jpg", "g-equal.jpg"):
        write("FuzzEXIF", name.rsplit(".", 1)[0] + ".exif", exif_of_jpeg(os.path.join(dates, name)))
    for name, data in hostile().items():
        write("FuzzEXIF", name + ".exif", data)

    for (target, name), data in claiming_gigabytes().items():
        write(target, name, data)
    for name, data in list(hostile_sheets().items()) + list(split_sheets().items()):
        write("FuzzEmbeddedManifest", name, data)

    configs = {
        "two-globs": '{"defaults": {"maxDiffPixels": 1}, "rules": [{"match": "login/*", "maxDiffPixels": 3}, '
                     '{"match": "forms/*", "maxDiffRatio": 0.01}]}',
        "every-key": '{"defaults": {"threshold": 10, "thresholdColor": 0.1, "ignoreAntialiasing": true, '
                     '"alphaBackground": "checkerboard", "maxDiffPixels": 5, "maxDiffRatio": 0.5, '
                     '"ignore": ["1,2,3x4", "home.png:0,0,8x8"], "failOn": ["changed"]}, "rules": []}',
        "unknown-key": '{"defaults": {"treshold": 1}}',
        "wrong-types": '{"defaults": {"threshold": "10", "ignore": 5}, "rules": {}}',
        "huge-numbers": '{"defaults": {"maxDiffPixels": 1e400, "threshold": -99999999999999999999}}',
        "deep": "[" * 40 + "]" * 40,
        "nested-rules": '{"rules": [{"match": "*", "rules": [{"match": "*"}]}]}',
        "glob-stars": '{"rules": [{"match": "**/*[a-z]?{x,y}*", "maxDiffPixels": 0}]}',
    }
    for name, text in configs.items():
        write("FuzzDiffConfig", name + ".json", text)

    lists = {
        "lines": "shots/a.png\nshots/b c.png\n\n trailing space.png \n",
        "nul": "shots/a.png\0shots/new\nline.png\0\0",
        "mixed": "a\0b\nc\r\nd\0",
        "no-end": "only.png",
        "utf8-broken": b"caf\xc3\n\xff\xfe.png\n".decode("latin-1"),
    }
    for name, text in lists.items():
        write("FuzzFileList", name + ".txt", text.encode("latin-1") if name == "utf8-broken" else text)

    templates = {
        "stem": "{stem}", "size": "{width}×{height} {size}", "taken": "{taken:%Y-%m-%d %H:%M:%S %y %%}",
        "folder": "{folder}/{name}", "braces": "{{literal}} {stem}", "unbalanced": "{stem", "closing": "stem}",
        "unknown": "{colour}", "bad-format": "{taken:%Q}", "nested": "{{{stem}}}", "empty-field": "{}",
    }
    for name, text in templates.items():
        write("FuzzLabelTemplate", name + ".txt", text)


if __name__ == "__main__":
    main()

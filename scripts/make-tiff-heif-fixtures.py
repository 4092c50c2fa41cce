#!/usr/bin/env python3
"""Write the TIFF, HEIC and AVIF fixtures and their reference decodes for TIFFCodec's
and HEIFCodec's tests.

Why: pinboard decodes TIFF with the system libtiff and HEIF with the system libheif
(1.15). To test them without trusting either library to check itself, this script
makes small files with Pillow and pillow-heif (which bundles its own libheif and
libde265) or writes them byte by byte, and keeps as references Pillow's decodes, or
for the files written by hand, the samples themselves.

It sets itself up: Pillow and pillow-heif come from .venv/tiff-heif, made by pip from the
exact versions in scripts/requirements-tiff-heif.txt on the first run.

usage: scripts/make-tiff-heif-fixtures.py

Outputs (README.md in each folder lists every file):
  Fixtures/tiff/*.tif, Fixtures/tiff/golden/<name>.rgba
  Fixtures/heif/*.heic, *.avif, Fixtures/heif/golden/<name>.rgba
  golden/index.json in each: {"<name>": {"width": W, "height": H}}
A golden is RGBA, rows top to bottom, as stored, except where the reference decoder
turns the image itself: Pillow 11 applies a TIFF's Orientation tag on load, and
libheif applies HEIF's transformations, so those goldens are upright.

Every picture is the same 64x48 upright image, asymmetric on both axes (an arrow
pointing up at the left, an F at the right), so a wrong turn or mirror shows.
Deterministic; run once, outputs are committed.
"""

import io
import json
import os
import struct
import sys
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from own_venv import enter  # noqa: E402
from av1_sequence import sequence_headers  # noqa: E402

enter("tiff-heif", __doc__)

import pillow_heif
from PIL import Image, ImageCms, ImageDraw

ROOT = Path(__file__).resolve().parent.parent
TIFF = ROOT / "Fixtures" / "tiff"
HEIF = ROOT / "Fixtures" / "heif"


def upright_picture():
    """64x48 RGB: a red arrow pointing up at the left, a blue F at the right, a green block bottom right."""
    image = Image.new("RGB", (64, 48), (235, 230, 220))
    draw = ImageDraw.Draw(image)
    draw.polygon([(16, 4), (4, 20), (12, 20), (12, 42), (20, 42), (20, 20), (28, 20)], fill=(200, 40, 40))
    draw.rectangle([36, 6, 42, 42], fill=(30, 60, 170))
    draw.rectangle([36, 6, 58, 12], fill=(30, 60, 170))
    draw.rectangle([36, 21, 52, 27], fill=(30, 60, 170))
    draw.rectangle([48, 34, 60, 44], fill=(40, 150, 60))
    return image


def with_alpha(image):
    """The picture with alpha in five vertical bands: 255, 192, 128, 64 and 0."""
    rgba = image.convert("RGBA")
    alpha = Image.new("L", image.size)
    for x in range(image.width):
        level = [255, 192, 128, 64, 0][min(4, x * 5 // image.width)]
        for y in range(image.height):
            alpha.putpixel((x, y), level)
    rgba.putalpha(alpha)
    return rgba


def srgb_profile():
    """LittleCMS's sRGB profile, its creation date fixed and its ID zeroed ("not computed"), so reruns match."""
    profile = bytearray(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
    profile[24:36] = struct.pack(">6H", 2024, 1, 1, 0, 0, 0)
    profile[84:100] = bytes(16)
    return bytes(profile)


# --- TIFF written by hand, for what Pillow does not write: tiles and 16-bit RGB ---

def write_tiff(path, width, height, samples, spp, bps, photometric, big_endian=False,
               rows_per_strip=None, tile=None, extra=()):
    """An uncompressed, contiguous TIFF with its directory after the pixel data.

    `samples` are row-major sample values; `tile` is (width, length) for a tiled file,
    whose edge tiles are padded with zeros; `extra` adds (tag, type, values) entries.
    """
    order = ">" if big_endian else "<"
    sample_format = {8: "B", 16: "H", 32: "f"}[bps]

    def pack_samples(values):
        return struct.pack(order + sample_format * len(values), *values)

    chunks = []
    if tile is None:
        rows = rows_per_strip or height
        for top in range(0, height, rows):
            chunks.append(pack_samples(samples[top * width * spp:min(height, top + rows) * width * spp]))
    else:
        tile_width, tile_length = tile
        for top in range(0, height, tile_length):
            for left in range(0, width, tile_width):
                values = []
                for y in range(top, top + tile_length):
                    for x in range(left, left + tile_width):
                        if y < height and x < width:
                            values += samples[(y * width + x) * spp:(y * width + x + 1) * spp]
                        else:
                            values += [0] * spp
                chunks.append(pack_samples(values))

    data = bytearray(b"MM\x00\x2a" if big_endian else b"II\x2a\x00")
    data += struct.pack(order + "I", 0)  # directory offset, patched below
    offsets = []
    for chunk in chunks:
        offsets.append(len(data))
        data += chunk
    SHORT, LONG = 3, 4
    entries = [
        (256, LONG, [width]), (257, LONG, [height]), (258, SHORT, [bps] * spp), (259, SHORT, [1]),
        (262, SHORT, [photometric]), (277, SHORT, [spp]), (284, SHORT, [1]),
    ]
    if tile is None:
        entries += [(273, LONG, offsets), (278, LONG, [rows_per_strip or height]),
                    (279, LONG, [len(c) for c in chunks])]
    else:
        entries += [(322, LONG, [tile[0]]), (323, LONG, [tile[1]]), (324, LONG, offsets),
                    (325, LONG, [len(c) for c in chunks])]
    entries += list(extra)
    write_directory(data, order, sorted(entries))
    path.write_bytes(bytes(data))


def write_directory(data, order, entries):
    """Appends a directory for `entries` and points the header at it."""
    if len(data) % 2:
        data += b"\x00"
    directory = len(data)
    struct.pack_into(order + "I", data, 4, directory)
    values_at = directory + 2 + 12 * len(entries) + 4
    body = bytearray(struct.pack(order + "H", len(entries)))
    values = bytearray()
    for tag, kind, items in entries:
        width = {3: 2, 4: 4}[kind]
        packed = struct.pack(order + ("H" if kind == 3 else "I") * len(items), *items)
        if len(packed) <= 4:
            body += struct.pack(order + "HHI", tag, kind, len(items)) + packed.ljust(4, b"\x00")
        else:
            body += struct.pack(order + "HHII", tag, kind, len(items), values_at + len(values))
            values += packed
            if len(values) % 2:
                values += b"\x00"
        assert width in (2, 4)
    body += struct.pack(order + "I", 0)
    data += body + values


def hostile_tiff(path, width, height, strip_offsets_count):
    """A tiny file whose directory claims a width x height grey image in one-row strips,
    with StripOffsets and StripByteCounts arrays of `strip_offsets_count` entries that
    lie beyond the end of the file."""
    data = bytearray(b"II\x2a\x00" + struct.pack("<I", 8))
    LONG, SHORT = 4, 3
    far = 0x7FFF0000
    entries = [
        (256, LONG, 1, width), (257, LONG, 1, height), (258, SHORT, 1, 8), (259, SHORT, 1, 1),
        (262, SHORT, 1, 1), (273, LONG, strip_offsets_count, far), (277, SHORT, 1, 1), (278, LONG, 1, 1),
        (279, LONG, strip_offsets_count, far),
    ]
    data += struct.pack("<H", len(entries))
    for tag, kind, count, value in entries:
        data += struct.pack("<HHII", tag, kind, count, value)
    data += struct.pack("<I", 0)
    path.write_bytes(bytes(data))


# --- goldens ---

def save_golden(folder, index, name, image):
    rgba = image.convert("RGBA")
    (folder / "golden").mkdir(parents=True, exist_ok=True)
    (folder / "golden" / f"{name}.rgba").write_bytes(rgba.tobytes())
    index[name] = {"width": rgba.width, "height": rgba.height}


def save_golden_bytes(folder, index, name, width, height, pixels):
    assert len(pixels) == width * height * 4
    (folder / "golden" / f"{name}.rgba").write_bytes(bytes(pixels))
    index[name] = {"width": width, "height": height}


def make_tiff(readme):
    TIFF.mkdir(parents=True, exist_ok=True)
    index = {}
    picture = upright_picture()
    save_golden(TIFF, index, "upright", picture)

    def pillow_file(name, image, what, **options):
        path = TIFF / f"{name}.tif"
        image.save(path, **options)
        with Image.open(path) as decoded:
            decoded.seek(0)
            save_golden(TIFF, index, name, decoded)
        readme.append((f"tiff/{name}.tif", what))

    pillow_file("rgb-strips", picture, "8-bit RGB, LZW, 8 rows a strip (6 strips), sRGB ICC profile",
                compression="tiff_lzw", strip_size=64 * 3 * 8, icc_profile=srgb_profile())
    pillow_file("grey", picture.convert("L"), "8-bit grey, Deflate", compression="tiff_deflate")
    pillow_file("jpeg", picture, "JPEG-compressed strips (photometric RGB), quality 90, 16 rows a strip",
                compression="jpeg", quality=90, strip_size=64 * 3 * 16)
    pillow_file("palette", picture.quantize(16), "8-bit palette image (16 colours), PackBits",
                compression="packbits")
    pillow_file("rgba", with_alpha(picture), "8-bit RGBA, unassociated alpha in bands of 255, 192, 128, 64, 0",
                compression="tiff_adobe_deflate")
    pillow_file("cmyk", picture.convert("CMYK"), "8-bit CMYK (Pillow's conversion of the picture), Deflate",
                compression="tiff_adobe_deflate")
    pillow_file("multipage", picture, "two pages: the picture, then its negative; the first is read",
                save_all=True, append_images=[Image.eval(picture, lambda v: 255 - v)], compression="tiff_lzw")
    # Stored 48x64: the upright picture turned 90 degrees anticlockwise; tag 6 turns it back.
    pillow_file("orientation-6", picture.transpose(Image.Transpose.ROTATE_90),
                "48x64 stored, Orientation tag 6, LZW; upright it is the 64x48 picture (Pillow turns it on "
                "load, so its golden is upright)", tiffinfo={274: 6}, compression="tiff_lzw")

    samples = list(picture.tobytes())
    write_tiff(TIFF / "tiled.tif", 64, 48, samples, 3, 8, 2, tile=(16, 32))
    save_golden(TIFF, index, "tiled", picture)
    readme.append(("tiff/tiled.tif", "8-bit RGB in 16x32 tiles (the bottom row of tiles half empty), written by hand"))

    # 16-bit samples v * 257 + a spread of low bits, big-endian; libtiff keeps the high byte, rounded.
    wide = [v * 257 + ((i * 37) % 200) - 100 if 0 < v < 255 else v * 257 for i, v in enumerate(samples)]
    write_tiff(TIFF / "rgb16.tif", 64, 48, wide, 3, 16, 2, big_endian=True, rows_per_strip=5)
    save_golden_bytes(TIFF, index, "rgb16", 64, 48,
                      [b for i in range(64 * 48) for b in (*[round(w / 257) for w in wide[i * 3:i * 3 + 3]], 255)])
    readme.append(("tiff/rgb16.tif", "16-bit RGB, big-endian (MM), 5 rows a strip, written by hand; golden is round(v / 257)"))

    write_tiff(TIFF / "float.tif", 16, 8, [x / 16 for x in range(16 * 8)], 1, 32, 1, rows_per_strip=8,
               extra=[(339, 3, [3])])
    readme.append(("tiff/float.tif", "16x8 grey in 32-bit floating-point samples, which libtiff's RGBA reader refuses"))
    make_cmyk16(readme, index, picture)
    make_lab(readme, index, picture)
    # A palette image whose ColorMap values are cut off by the end of the file, beside a tag
    # libtiff does not know (42112, GDAL's metadata), which it warns about first.
    write_tiff(TIFF / "colormap-cut.tif", 8, 8, [x % 4 for x in range(64)], 1, 8, 3,
               extra=[(320, 3, [v * 257 for v in range(256)] * 3), (42112, 3, [1])])
    whole = (TIFF / "colormap-cut.tif").read_bytes()
    (TIFF / "colormap-cut.tif").write_bytes(whole[:len(whole) - 700])
    readme.append(("tiff/colormap-cut.tif", "8x8 palette image, its ColorMap's values cut by the end of the file, "
                                            "and an unknown tag 42112 libtiff warns about"))
    hostile_tiff(TIFF / "huge.tif", 100000, 100000, 100000)
    readme.append(("tiff/huge.tif", "122 bytes whose directory claims 100000x100000 in 100000 strips"))
    hostile_tiff(TIFF / "many-strips.tif", 1, 1 << 28, 1 << 28)
    readme.append(("tiff/many-strips.tif", "1x268435456 (the default pixel limit) in 2^28 one-row strips, arrays beyond the file's end"))
    hostile_tiff(TIFF / "strips-2-31.tif", 1, 1 << 31, 1 << 31)
    readme.append(("tiff/strips-2-31.tif", "1x2^31 in 2^31 one-row strips, arrays beyond the file's end"))
    (TIFF / "golden" / "index.json").write_text(json.dumps(index, indent=1, sort_keys=True) + "\n")


def make_cmyk16(readme, index, picture):
    """16-bit CMYK, which libtiff's RGBA reader refuses: Pillow's CMYK samples widened
    with a spread of low bits, big-endian; the golden is Pillow's own decode of the file."""
    cmyk = list(picture.convert("CMYK").tobytes())
    wide = [v * 257 + ((i * 53) % 200) - 100 if 0 < v < 255 else v * 257 for i, v in enumerate(cmyk)]
    write_tiff(TIFF / "cmyk16.tif", 64, 48, wide, 4, 16, 5, big_endian=True, rows_per_strip=7)
    with Image.open(TIFF / "cmyk16.tif") as decoded:
        assert decoded.mode == "CMYK", decoded.mode
        save_golden(TIFF, index, "cmyk16", decoded)
    readme.append(("tiff/cmyk16.tif", "16-bit CMYK, big-endian (MM), 7 rows a strip, written by hand; golden is "
                                      "Pillow's decode (high bytes, (1 - C)(1 - K))"))


def lab_to_srgb(image):
    """Little CMS through Pillow: Lab (D50) to sRGB, relative colorimetric, unoptimised
    (the optimised 8-bit path moves white to 254,255,254)."""
    transform = ImageCms.buildTransform(ImageCms.createProfile("LAB"), ImageCms.createProfile("sRGB"), "LAB", "RGB",
                                        ImageCms.Intent.RELATIVE_COLORIMETRIC, flags=ImageCms.Flags.NOOPTIMIZE)
    return ImageCms.applyTransform(image, transform)


def make_lab(readme, index, picture):
    """CIELab: the picture with a white band on top, to Lab by Little CMS; 8-bit strips by
    Pillow and 16-bit tiles by hand from the same samples, both with Little CMS's decode
    of the 8-bit file as golden."""
    bright = picture.copy()
    ImageDraw.Draw(bright).rectangle([0, 0, 63, 3], fill=(255, 255, 255))
    lab = ImageCms.profileToProfile(bright, ImageCms.createProfile("sRGB"), ImageCms.createProfile("LAB"),
                                    outputMode="LAB")
    # Little CMS tags the result with its Lab profile, dated now: the date is fixed so reruns
    # match, and the profile kept, as a Lab file may carry one that does not describe sRGB rows.
    profile = bytearray(lab.info["icc_profile"])
    profile[24:36] = struct.pack(">6H", 2024, 1, 1, 0, 0, 0)
    profile[84:100] = bytes(16)
    lab.save(TIFF / "lab.tif", compression="tiff_lzw", icc_profile=bytes(profile))
    with Image.open(TIFF / "lab.tif") as decoded:
        assert decoded.mode == "LAB" and decoded.tag_v2[262] == 8, (decoded.mode, decoded.tag_v2[262])
        golden = lab_to_srgb(decoded)
    assert golden.getpixel((0, 0)) == (255, 255, 255), golden.getpixel((0, 0))
    save_golden(TIFF, index, "lab", golden)
    save_golden(TIFF, index, "lab16-tiled", golden)
    readme.append(("tiff/lab.tif", "8-bit CIELab (photometric 8, a* and b* signed), LZW, by Pillow: the picture with "
                                   "a white band on top, and Little CMS's Lab profile; golden is Little CMS's Lab (D50) to sRGB, white 255,255,255"))
    # Wider than the 256 pixels the shim hands Little CMS at once.
    wide = ImageCms.profileToProfile(bright.resize((320, 6)), ImageCms.createProfile("sRGB"),
                                     ImageCms.createProfile("LAB"), outputMode="LAB")
    wide.info.pop("icc_profile", None)
    wide.save(TIFF / "lab-wide.tif", compression="tiff_lzw")
    with Image.open(TIFF / "lab-wide.tif") as decoded:
        save_golden(TIFF, index, "lab-wide", lab_to_srgb(decoded))
    readme.append(("tiff/lab-wide.tif", "320x6 8-bit CIELab, LZW, by Pillow (the picture squeezed), wider than the "
                                        "shim's 256-pixel run; golden as lab.tif's"))
    samples = []
    for l, a, b in lab.getdata():
        samples += [l * 257, ((a - 128) * 256) & 0xFFFF, ((b - 128) * 256) & 0xFFFF]
    write_tiff(TIFF / "lab16-tiled.tif", 64, 48, samples, 3, 16, 8, tile=(16, 32))
    readme.append(("tiff/lab16-tiled.tif", "16-bit CIELab in 16x32 tiles, written by hand from lab.tif's samples "
                                           "(L* times 257, a* and b* times 256); same golden as lab.tif"))


def make_heif(readme):
    HEIF.mkdir(parents=True, exist_ok=True)
    index = {}
    picture = upright_picture()
    save_golden(HEIF, index, "upright", picture)

    def heif_file(name, image, what, **options):
        path = HEIF / name
        image.save(path, **options)
        decoded = pillow_heif.open_heif(path, convert_hdr_to_8bit=True)
        save_golden(HEIF, index, name.rsplit(".", 1)[0], decoded.to_pillow())
        readme.append((f"heif/{name}", what))
        return path

    pillow_heif.register_heif_opener()
    pillow_heif.register_avif_opener()
    heif_file("plain.heic", picture, "64x48 HEVC, quality 90, sRGB ICC profile", quality=90, icc_profile=srgb_profile())
    changed = picture.copy()
    changed.putpixel((50, 40), (0, 0, 0))
    heif_file("one-pixel.heic", changed, "plain.heic's picture with one pixel, (50, 40), black before encoding",
              quality=90, icc_profile=srgb_profile())
    heif_file("alpha.heic", with_alpha(picture), "64x48 HEVC with an alpha plane (bands of 255, 192, 128, 64, 0)",
              quality=90)
    exif = Image.Exif()
    exif[0x0112] = 6
    path = heif_file("rotated.heic", picture.transpose(Image.Transpose.ROTATE_90),
                     "48x64 coded, with irot (from EXIF orientation 6, which pillow-heif turns into HEIF transforms); "
                     "upright 64x48", quality=90, exif=exif.tobytes())
    assert b"irot" in path.read_bytes(), "pillow-heif wrote no irot box"
    deep = pillow_heif.from_bytes(mode="RGB;16", size=picture.size,
                                  data=b"".join(struct.pack("<H", v * 257) for v in picture.tobytes()))
    deep.save(HEIF / "10bit.heic", quality=90)
    decoded = pillow_heif.open_heif(HEIF / "10bit.heic", convert_hdr_to_8bit=True)
    assert decoded.info["bit_depth"] == 10, decoded.info
    save_golden(HEIF, index, "10bit", decoded.to_pillow())
    readme.append(("heif/10bit.heic", "64x48 HEVC Main 10 (10-bit samples), from 16-bit RGB"))
    heif_file("plain.avif", picture, "64x48 AV1, quality 90", quality=90)
    path = heif_file("thumbnail.heic", picture.transpose(Image.Transpose.ROTATE_90),
                     "48x64 coded with irot as rotated.heic, and a thumbnail fitting 32x32 carrying its own transform",
                     quality=90, exif=exif.tobytes(), thumbnails=[32])
    assert pillow_heif.open_heif(path).info["thumbnails"], "pillow-heif wrote no thumbnail"
    make_limited_alpha(readme, index, picture)
    (HEIF / "golden" / "index.json").write_text(json.dumps(index, indent=1, sort_keys=True) + "\n")


def limited_to_full(value):
    """libavif's avifLimitedToFullY at 8 bits: ((v - 16) * 255 + 109) / 219 in C's
    integer division (towards zero), clamped to 0..255."""
    numerator = (value - 16) * 255 + 109
    quotient = abs(numerator) // 219 * (1 if numerator >= 0 else -1)
    return max(0, min(255, quotient))


def make_limited_alpha(readme, index, picture):
    """An AVIF whose alpha plane is limited range: alpha bands 255, 192, 128, 64, 0 taken
    to 16..235 (libavif's avifFullToLimitedY: 235, 181, 126, 71, 16), encoded lossless by
    pillow-heif, then the alpha item's AV1 sequence header's color_range bit cleared. The
    golden is pillow-heif's decode (its libheif 1.18 does not expand alpha either) with
    alpha expanded as libavif expands it, which gives the bands back."""
    limited = with_alpha(picture)
    limited.putalpha(limited.getchannel("A").point(lambda v: (v * 219 + 127) // 255 + 16))
    path = HEIF / "alpha-limited.avif"
    limited.save(path, quality=-1)
    data = bytearray(path.read_bytes())
    headers = sequence_headers(data)
    alpha = [bit for mono, bit in headers if mono]
    assert len(alpha) == 1 and len(headers) == 2, headers
    bit = alpha[0]
    assert data[bit >> 3] >> (7 - (bit & 7)) & 1, "the alpha plane was already limited range"
    data[bit >> 3] &= ~(1 << (7 - (bit & 7)))
    path.write_bytes(bytes(data))
    decoded = pillow_heif.open_heif(path).to_pillow()
    assert decoded.getchannel("A").getextrema() == (16, 235), decoded.getchannel("A").getextrema()
    decoded.putalpha(decoded.getchannel("A").point(limited_to_full))
    assert decoded.getchannel("A").tobytes() == with_alpha(picture).getchannel("A").tobytes()
    save_golden(HEIF, index, "alpha-limited", decoded)
    readme.append(("heif/alpha-limited.avif", "64x48 AV1 lossless with an alpha plane marked limited range (its sequence "
                                              "header's color_range cleared), alpha 235, 181, 126, 71, 16; upright it "
                                              "is alpha.heic's bands of 255, 192, 128, 64, 0"))


def heif_libraries():
    """The libheif and decoders pillow-heif bundles, independent of the system's libheif 1.15."""
    info = pillow_heif.libheif_info()
    decoders = ", ".join(info["decoders"].values())
    return f"libheif {info['libheif']}; {decoders}"


def write_readme(folder, title, rows, tail):
    lines = [f"# {title}", "", "Made by `scripts/make-tiff-heif-fixtures.py` (Pillow 11.0.0, pillow-heif 0.20.0); "
             "`golden/` holds the reference decodes (see the script's docstring).", "",
             "| file | what it is |", "|---|---|"]
    lines += [f"| {name.split('/', 1)[1]} | {what} |" for name, what in rows]
    lines += ["", tail, ""]
    (folder / "README.md").write_text("\n".join(lines))


def main():
    tiff_rows, heif_rows = [], []
    make_tiff(tiff_rows)
    make_heif(heif_rows)
    write_readme(TIFF, "TIFF fixtures", tiff_rows,
                 "Goldens: Pillow's decode (`convert(\"RGBA\")`), stored pixels except for `orientation-6`, "
                 "which Pillow turns upright on load; the goldens of `tiled` and "
                 "`rgb16` are the samples written; `upright` is the picture itself.")
    write_readme(HEIF, "HEIF fixtures (HEIC and AVIF)", heif_rows,
                 "Goldens: pillow-heif's decode with its own bundled libraries (%s), upright, converted to "
                 "8 bits; `upright` is the picture before encoding. The HEVC files crop their coded size "
                 "with a clean aperture (clap) box." % heif_libraries())
    for folder in (TIFF, HEIF):
        for path in sorted(folder.iterdir()):
            if path.is_file() and path.suffix in (".tif", ".heic", ".avif"):
                print(f"{path.relative_to(ROOT)}: {path.stat().st_size} bytes")


if __name__ == "__main__":
    sys.exit(main())

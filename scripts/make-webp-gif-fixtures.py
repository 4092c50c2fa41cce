#!/usr/bin/env python3
"""Write the WebP and GIF fixtures and their reference decodes for WebPCodec's and GIFCodec's tests.

Why: pinboard decodes WebP with the system libwebp and GIF with the system giflib.
To test that without trusting either library to check itself, this script makes
small files with Pillow 11.0.0 (which bundles its own libwebp and has its own
GIF decoder) covering what users meet (lossless, lossy,
alpha, animation, an ICC profile; global and local palettes, interlacing,
transparency, a first frame placed inside or hanging over its logical screen)
and decodes each with Pillow as an independent reference.

Outputs (README.md in each folder lists every file):
  Fixtures/webp/*.webp, Fixtures/gif/*.gif   the fixtures, each a few KiB
  <folder>/golden/<name>.rgba   Pillow's decode of the first frame, 8-bit RGBA,
                                rows top to bottom; fully transparent pixels are
                                written as 0,0,0,0 (their colour is meaningless,
                                and pinboard's decoders write zeros there)
  <folder>/golden/index.json    {"<name>": {"width": W, "height": H}}
  Fixtures/webp/icc.icc         the ICC profile Pillow reads back from icc.webp
  Fixtures/webp/golden/scaled.webp.4.rgba  Pillow's decode of scaled.webp
                                reduced 4 times with a box filter, the reference
                                for libwebp's scaled decoding

Deterministic; run once, outputs are committed. It sets itself up: Pillow comes from
.venv/webp-gif, made by pip from the exact version in scripts/requirements-webp-gif.txt
on the first run (not the other fixtures' Pillow: another libwebp encodes other bytes).
"""

import io
import json
import struct
import sys
from pathlib import Path

from own_venv import enter

enter("webp-gif", __doc__)

# Packages outside the standard library come from the script's own environment, after enter().
from PIL import Image, ImageCms, ImageDraw, ImageOps, features

ROOT = Path(__file__).resolve().parent.parent
WEBP = ROOT / "Fixtures" / "webp"
GIF = ROOT / "Fixtures" / "gif"


def picture(width=64, height=48, alpha=False, shift=0):
    """A gradient with a circle and a bar: smooth areas and hard edges in one small image."""
    image = Image.new("RGBA" if alpha else "RGB", (width, height))
    pixels = image.load()
    for y in range(height):
        for x in range(width):
            r = (x * 255 // max(width - 1, 1) + shift) % 256
            g = y * 255 // max(height - 1, 1)
            b = 128 + (x - y) // 2
            if alpha:
                pixels[x, y] = (r, g, b, 255 - y * 200 // max(height - 1, 1))
            else:
                pixels[x, y] = (r, g, b)
    draw = ImageDraw.Draw(image)
    w, h = width, height
    draw.ellipse([w * 5 // 16, h // 6, w * 11 // 16, h * 5 // 6], fill=(220, 40, 40, 255) if alpha else (220, 40, 40))
    draw.rectangle([w // 16, h * 2 // 3, w * 7 // 16, h * 3 // 4], fill=(20, 20, 160, 255) if alpha else (20, 20, 160))
    if alpha:
        # A fully transparent hole and a half-transparent bar.
        draw.rectangle([w * 3 // 4, h // 8, w * 7 // 8, h // 3], fill=(0, 0, 0, 0))
        draw.rectangle([w * 3 // 4, h // 2, w - 2, h * 5 // 8], fill=(255, 255, 0, 128))
    return image


def rgba_bytes(image):
    """8-bit RGBA with fully transparent pixels zeroed, as the goldens store them."""
    data = bytearray(image.convert("RGBA").tobytes())
    for i in range(0, len(data), 4):
        if data[i + 3] == 0:
            data[i:i + 3] = b"\0\0\0"
    return bytes(data)


def golden(folder, name, index, image=None, key=None):
    """Pillow's decode of the first frame of `name` (or `image`), under golden/<key>.rgba."""
    key = key or name
    if image is None:
        with Image.open(folder / name) as opened:
            opened.seek(0)
            opened.load()
            image = opened.convert("RGBA")
    (folder / "golden").mkdir(parents=True, exist_ok=True)
    (folder / "golden" / f"{key}.rgba").write_bytes(rgba_bytes(image))
    index[key] = {"width": image.width, "height": image.height}


def riff_chunks(data):
    """The (fourcc, offset of payload, payload size) of each top-level chunk of a WebP file."""
    assert data[:4] == b"RIFF" and data[8:12] == b"WEBP"
    offset, chunks = 12, []
    while offset + 8 <= len(data):
        fourcc, size = data[offset:offset + 4], struct.unpack("<I", data[offset + 4:offset + 8])[0]
        chunks.append((fourcc, offset + 8, size))
        offset += 8 + size + (size & 1)
    return chunks


def gif_blocks(data):
    """The offsets of a GIF's blocks: ('image', descriptor offset) and ('ext', offset), up to the trailer."""
    packed = data[10]
    offset = 13 + (3 << ((packed & 7) + 1) if packed & 0x80 else 0)
    blocks = []
    while data[offset] != 0x3B:
        if data[offset] == 0x21:
            blocks.append(("ext", offset))
            offset += 2
        elif data[offset] == 0x2C:
            blocks.append(("image", offset))
            local = data[offset + 9]
            offset += 10 + (3 << ((local & 7) + 1) if local & 0x80 else 0) + 1
        else:
            raise ValueError(f"unexpected block 0x{data[offset]:02x} at {offset}")
        while data[offset] != 0:
            offset += data[offset] + 1
        offset += 1
    return blocks


def gif_bytes(image, **options):
    buffer = io.BytesIO()
    image.save(buffer, "GIF", **options)
    return bytearray(buffer.getvalue())


def lzw_encode(indices, minimum_size):
    """GIF's LZW, written here for the minimum code sizes Pillow's writer never uses (9 to
    11). Each code's width is the decoder's at that code, simulated alongside (the decoder
    defines each entry one code later than the encoder), and the table is cleared when full."""
    clear, end = 1 << minimum_size, (1 << minimum_size) + 1
    out, bits, count = bytearray(), 0, 0
    width, decoder_next, first_code = minimum_size + 1, end + 1, True

    def emit(code):
        nonlocal bits, count, width, decoder_next, first_code
        bits |= code << count
        count += width
        while count >= 8:
            out.append(bits & 0xFF)
            bits >>= 8
            count -= 8
        if code == clear:
            width, decoder_next, first_code = minimum_size + 1, end + 1, True
            return
        if first_code:
            first_code = False
        elif decoder_next < 4096:
            decoder_next += 1
            if decoder_next == 1 << width and width < 12:
                width += 1

    table, next_code = {}, end + 1
    emit(clear)
    prefix = indices[0]
    for pixel in indices[1:]:
        if (prefix, pixel) in table:
            prefix = table[(prefix, pixel)]
            continue
        emit(prefix)
        if next_code == 4096:
            emit(clear)
            table, next_code = {}, end + 1
        else:
            table[(prefix, pixel)] = next_code
            next_code += 1
        prefix = pixel
    emit(prefix)
    emit(end)
    if count:
        out.append(bits & 0xFF)
    blocks = bytearray([minimum_size])
    for start in range(0, len(out), 255):
        blocks += bytes([len(out[start:start + 255])]) + out[start:start + 255]
    return blocks + b"\x00"


def with_lzw_size(data, minimum_size):
    """`data`, a one-frame GIF, with its image data encoded again at `minimum_size`."""
    image_offset = next(offset for kind, offset in gif_blocks(data) if kind == "image")
    local = data[image_offset + 9]
    start = image_offset + 10 + (3 << ((local & 7) + 1) if local & 0x80 else 0)
    end = start + 1
    while data[end] != 0:
        end += data[end] + 1
    with Image.open(io.BytesIO(bytes(data))) as opened:
        indices = opened.tobytes()
    return data[:start] + lzw_encode(indices, minimum_size) + data[end + 1:]


def paletted(image, colors=64):
    return image.convert("RGB").quantize(colors=colors, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)


def make_webp(readme, index):
    def save(image, name, note, **options):
        image.save(WEBP / name, "WEBP", **options)
        readme.append(f"| {name} | {note} |")

    save(picture(), "lossless.webp", "64x48 RGB, lossless (VP8L)", lossless=True, exact=True)
    golden(WEBP, "lossless.webp", index)
    save(picture(), "lossy.webp", "64x48 RGB, lossy (simple VP8, no VP8X)", quality=80, method=4)
    golden(WEBP, "lossy.webp", index)
    save(picture(alpha=True), "alpha.webp",
         "64x48 RGBA, lossless: alpha falling from 255 to 55 down the image, a transparent hole, a half-transparent bar",
         lossless=True, exact=True)
    golden(WEBP, "alpha.webp", index)
    save(picture(alpha=True), "lossy-alpha.webp", "64x48 RGBA, lossy colour (VP8) with a lossless ALPH chunk (VP8X)",
         quality=80, method=4)
    golden(WEBP, "lossy-alpha.webp", index)

    # The first frame has a transparent border, so libwebp's animation encoder stores
    # it as a smaller sub-frame at an offset: the decoder must place it on the canvas.
    first = Image.new("RGBA", (64, 48), (0, 0, 0, 0))
    first.paste(picture(40, 28), (12, 10))
    second = picture(alpha=True, shift=100)
    first.save(WEBP / "animated.webp", "WEBP", save_all=True, append_images=[second],
               duration=[200, 200], loop=0, lossless=True, exact=True)
    data = (WEBP / "animated.webp").read_bytes()
    anmf = [(offset, size) for fourcc, offset, size in riff_chunks(data) if fourcc == b"ANMF"]
    assert len(anmf) == 2, "two frames"
    x, y = (int.from_bytes(data[anmf[0][0] + i:anmf[0][0] + i + 3], "little") * 2 for i in (0, 3))
    w, h = (int.from_bytes(data[anmf[0][0] + i:anmf[0][0] + i + 3], "little") + 1 for i in (6, 9))
    assert (w, h) != (64, 48), "the first frame must be a sub-frame for this fixture to test placement"
    readme.append(f"| animated.webp | 64x48 canvas, 2 lossless frames; the first is a {w}x{h} sub-frame at ({x}, {y}) "
                  "with a transparent canvas around it |")
    golden(WEBP, "animated.webp", index)

    profile = bytearray(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
    # LittleCMS stamps the creation time into the header (bytes 24-35); a fixed date keeps reruns identical.
    profile[24:36] = struct.pack(">6H", 2024, 1, 1, 0, 0, 0)
    profile = bytes(profile)
    save(picture(), "icc.webp", f"64x48 lossy with an ICCP chunk (Pillow's {len(profile)}-byte sRGB profile)",
         quality=80, icc_profile=profile)
    golden(WEBP, "icc.webp", index)
    with Image.open(WEBP / "icc.webp") as opened:
        (WEBP / "icc.icc").write_bytes(opened.info["icc_profile"])
    readme.append("| icc.icc | the ICC profile Pillow reads back from icc.webp |")

    save(picture(240, 180), "scaled.webp", "240x180 lossy, for scaled decoding; golden at 1/4 (60x45, Pillow's box filter)",
         quality=90, method=4)
    with Image.open(WEBP / "scaled.webp") as opened:
        reduced = opened.convert("RGBA").resize((60, 45), Image.Resampling.BOX)
    golden(WEBP, "scaled.webp", index, image=reduced, key="scaled.webp.4")

    # EXIF orientation 2-8 in an EXIF chunk (after the image data, as the container puts
    # it), lossless so the golden is exact: Pillow's decode turned upright by exif_transpose.
    for value in range(2, 9):
        exif = Image.Exif()
        exif[0x0112] = value
        name = f"orientation-{value}.webp"
        save(picture(), name, f"64x48 lossless, EXIF orientation {value}", lossless=True, exact=True, exif=exif.tobytes())
        with Image.open(WEBP / name) as opened:
            upright = ImageOps.exif_transpose(opened)
            golden(WEBP, name, index, image=upright.convert("RGBA"))

    (WEBP / "text.webp").write_bytes(b"not a picture, just text named .webp\n")
    readme.append("| text.webp | a text file with a .webp name |")


def make_gif(readme, index):
    def write(name, data, note):
        (GIF / name).write_bytes(bytes(data))
        readme.append(f"| {name} | {note} |")
        golden(GIF, name, index)

    def transparency(name):
        """The transparent index as written: Pillow's writer may renumber the palette."""
        with Image.open(GIF / name) as opened:
            return opened.info["transparency"]

    write("global.gif", gif_bytes(paletted(picture()), interlace=False),
          "64x48, 64 colours in the global palette, not interlaced")

    # The same picture with its palette moved into the image descriptor, and a wrong
    # (reversed) global palette left behind: a decoder must use the local one.
    data = gif_bytes(paletted(picture()), interlace=False)
    packed = data[10]
    assert packed & 0x80
    table_size = 3 << ((packed & 7) + 1)
    table = data[13:13 + table_size]
    reversed_table = b"".join(table[i:i + 3] for i in reversed(range(0, table_size, 3)))
    data[13:13 + table_size] = reversed_table
    image_offset = next(offset for kind, offset in gif_blocks(data) if kind == "image")
    assert not data[image_offset + 9] & 0x80
    data[image_offset + 9] = 0x80 | (packed & 7)
    data[image_offset + 10:image_offset + 10] = table
    write("local.gif", data, "64x48, its palette local to the image; the global palette is the same colours reversed")

    # One pixel of global.gif's picture given another colour of its palette, for comparing plain images.
    image = paletted(picture())
    image.putpixel((8, 8), image.getpixel((32, 24)))
    write("one-pixel.gif", gif_bytes(image, interlace=False),
          "global.gif with one pixel, (8, 8), given the circle's colour")

    write("interlaced.gif", gif_bytes(paletted(picture()), interlace=True), "64x48, interlaced (rows stored in four passes)")

    # Transparency: the circle's colour becomes the transparent index.
    image = paletted(picture())
    circle_index = image.getpixel((32, 24))
    write("transparent.gif", gif_bytes(image, interlace=False, transparency=circle_index), "64x48")
    readme[-1] = f"| transparent.gif | 64x48, palette index {transparency('transparent.gif')} (the circle) transparent |"

    # A 64x48 frame at (5, 3) inside a 72x56 logical screen: the rest of the screen is transparent.
    data = gif_bytes(image, interlace=False, transparency=circle_index)
    image_offset = next(offset for kind, offset in gif_blocks(data) if kind == "image")
    data[6:10] = struct.pack("<HH", 72, 56)
    data[image_offset + 1:image_offset + 5] = struct.pack("<HH", 5, 3)
    write("offset.gif", data, f"a 64x48 frame at (5, 3) inside a 72x56 logical screen, the circle (index "
          f"{transparency('offset.gif')}) transparent")

    # A logical screen smaller than its first frame: Pillow (and browsers) grow the screen to hold it.
    data = gif_bytes(paletted(picture()), interlace=False)
    data[6:10] = struct.pack("<HH", 32, 16)
    write("overhang.gif", data, "a 64x48 frame in a logical screen declared 32x16; shown 64x48")

    frames = [paletted(picture()), paletted(picture(shift=100))]
    frames[0].save(GIF / "animated.gif", "GIF", save_all=True, append_images=frames[1:], duration=200, loop=0,
                   interlace=False)
    readme.append("| animated.gif | 64x48, 2 frames; the first is decoded |")
    golden(GIF, "animated.gif", index)

    # A complete first frame, then where the trailer belongs a whole second GIF, header and
    # all (what a careless concatenation leaves): Pillow and browsers show the first frame.
    first = gif_bytes(paletted(picture()), interlace=False)
    second = gif_bytes(paletted(picture(shift=100)), interlace=False)
    assert first[-1] == 0x3B, "a GIF ends in its trailer"
    write("second-header.gif", first[:-1] + second,
          "global.gif without its trailer, followed by a whole second GIF (its GIF89a header first)")

    # LZW minimum code sizes over 8: giflib refuses them, browsers read up to 11. A big
    # picture, so the 12-bit table fills and is cleared; Pillow's decode is the golden.
    source = gif_bytes(paletted(picture(160, 120), colors=200), interlace=False)
    for size in (9, 11):
        data = with_lzw_size(source, size)
        with Image.open(io.BytesIO(bytes(data))) as decoded, Image.open(io.BytesIO(bytes(source))) as original:
            assert decoded.tobytes() == original.tobytes(), f"Pillow reads the code size {size} data differently"
        write(f"lzw-{size}.gif", data, f"160x120, 200 colours, its LZW data encoded by hand with a minimum code "
              f"size of {size} (giflib's limit is 8)")
    interlaced = with_lzw_size(gif_bytes(paletted(picture()), interlace=True), 11)
    write("lzw-11-interlaced.gif", interlaced, "interlaced.gif with its LZW data encoded again at a minimum code size of 11")

    (GIF / "text.gif").write_bytes(b"not a picture, just text named .gif\n")
    readme.append("| text.gif | a text file with a .gif name |")


def finish(folder, title, readme, index):
    with open(folder / "golden" / "index.json", "w") as f:
        json.dump(index, f, indent=1, sort_keys=True)
        f.write("\n")
    with open(folder / "README.md", "w") as f:
        f.write(f"# {title} fixtures\n\n")
        f.write("Made by `scripts/make-webp-gif-fixtures.py` with Pillow 11.0.0 "
                f"(its bundled libwebp {features.version('webp')}, its own GIF decoder). "
                "`golden/` holds Pillow's decodes of each file's first frame as 8-bit RGBA, "
                "fully transparent pixels written as 0,0,0,0; `golden/index.json` gives their sizes.\n\n")
        f.write("| file | what it is |\n|---|---|\n")
        f.write("\n".join(readme) + "\n")
    total = sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())
    print(f"wrote {len(readme)} fixtures and {len(index)} goldens to {folder} ({total} bytes)")


def main():
    if Image.__version__ != "11.0.0":
        print(f"warning: made with Pillow 11.0.0, running {Image.__version__}", file=sys.stderr)
    for folder in (WEBP, GIF):
        folder.mkdir(parents=True, exist_ok=True)
    readme, index = [], {}
    make_webp(readme, index)
    finish(WEBP, "WebP", readme, index)
    readme, index = [], {}
    make_gif(readme, index)
    finish(GIF, "GIF", readme, index)


if __name__ == "__main__":
    main()

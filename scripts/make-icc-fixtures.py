#!/usr/bin/env python3
"""Write ICC profiles, and PNGs and JPEGs carrying them, for the probes' tests.

Why: the PNG and JPEG probes hand a file's embedded ICC profile to the colour
step, which converts it to sRGB. To test that they hand over exactly the bytes
an ordinary encoder embedded, this script builds matrix-shaper profiles by hand
(no third-party profile files), embeds them with Pillow 11.0.0 (from .venv/icc, which the
script makes on its first run from scripts/requirements-icc.txt) and then damages or rearranges copies the way broken or
unusual writers do.

Profiles are ICC v2.1 display profiles: a 128-byte header, a tag table and the
tags desc, cprt, wtpt, then rXYZ/gXYZ/bXYZ (primaries adapted from D65 to the
D50 connection space with Bradford, as v2 profiles do) and rTRC/gTRC/bTRC, or
kTRC for grey. Display P3 uses the sRGB tone curve (a 1024-entry table), Adobe
RGB (1998) and the grey profile a gamma of 563/256 (2.2 to 8 bits, as Adobe's
specification writes it).

Outputs, in Fixtures/icc/ (README.md there lists every file): the .icc
profiles, and the small .png and .jpg images that carry them.

Deterministic (fixed dates, nothing random); run once, outputs are committed.

usage: scripts/make-icc-fixtures.py
"""

import io
import os
import struct
import sys
import zlib
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from own_venv import enter  # noqa: E402

enter("icc", __doc__)

from PIL import Image

OUT = Path(__file__).resolve().parent.parent / "Fixtures" / "icc"

D50 = (0.9642, 1.0, 0.8249)
D65_XY = (0.3127, 0.3290)
BRADFORD = ((0.8951, 0.2664, -0.1614), (-0.7502, 1.7135, 0.0367), (0.0389, -0.0685, 1.0296))
# Largest profile slice Pillow puts in one APP2 segment: 65533 bytes less the 14 of
# "ICC_PROFILE\0", sequence number and count.
JPEG_SLICE = 65519


# ICC profiles

def multiply(a, b):
    return tuple(tuple(sum(a[i][k] * b[k][j] for k in range(3)) for j in range(3)) for i in range(3))


def apply(m, v):
    return tuple(sum(m[i][k] * v[k] for k in range(3)) for i in range(3))


def inverse(m):
    (a, b, c), (d, e, f), (g, h, i) = m
    det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
    return ((((e * i - f * h) / det), ((c * h - b * i) / det), ((b * f - c * e) / det)),
            (((f * g - d * i) / det), ((a * i - c * g) / det), ((c * d - a * f) / det)),
            (((d * h - e * g) / det), ((b * g - a * h) / det), ((a * e - b * d) / det)))


def xyz(xy):
    x, y = xy
    return (x / y, 1.0, (1 - x - y) / y)


def colorants(red, green, blue):
    """The D50-adapted XYZ of each primary at full intensity, for primaries with a D65 white."""
    columns = [xyz(red), xyz(green), xyz(blue)]
    primaries = tuple(tuple(columns[j][i] for j in range(3)) for i in range(3))
    scale = apply(inverse(primaries), xyz(D65_XY))
    to_xyz = tuple(tuple(primaries[i][j] * scale[j] for j in range(3)) for i in range(3))
    cone_d65, cone_d50 = apply(BRADFORD, xyz(D65_XY)), apply(BRADFORD, D50)
    gain = tuple(tuple(cone_d50[i] / cone_d65[i] if i == j else 0 for j in range(3)) for i in range(3))
    adapted = multiply(multiply(inverse(BRADFORD), gain), multiply(BRADFORD, to_xyz))
    return [tuple(adapted[i][j] for i in range(3)) for j in range(3)]


def s15(value):
    return struct.pack(">i", round(value * 65536))


def xyz_tag(value):
    return b"XYZ " + bytes(4) + b"".join(s15(v) for v in value)


def desc_tag(text):
    """textDescriptionType: ASCII with its NUL, then empty Unicode and ScriptCode parts."""
    ascii_text = text.encode("ascii") + b"\0"
    return b"desc" + bytes(4) + struct.pack(">I", len(ascii_text)) + ascii_text + bytes(8) + bytes(3) + bytes(67)


def text_tag(text):
    return b"text" + bytes(4) + text.encode("ascii") + b"\0"


def gamma_curve(numerator):
    """curveType with one entry: a gamma of numerator/256."""
    return b"curv" + bytes(4) + struct.pack(">IH", 1, numerator)


def srgb_curve():
    """curveType with 1024 entries sampling the sRGB tone curve."""
    def decode(x):
        return x / 12.92 if x <= 0.04045 else ((x + 0.055) / 1.055) ** 2.4
    table = [round(decode(i / 1023) * 65535) for i in range(1024)]
    return b"curv" + bytes(4) + struct.pack(">I", len(table)) + struct.pack(f">{len(table)}H", *table)


def data_tag(payload):
    """dataType holding binary data (flag 1)."""
    return b"data" + bytes(4) + struct.pack(">I", 1) + payload


def profile(space, tags):
    """A v2.1 display profile from (signature, data) pairs; identical data is stored once."""
    offsets, body = {}, b""
    table_end = 128 + 4 + 12 * len(tags)
    entries = []
    for signature, data in tags:
        if data not in offsets:
            offsets[data] = table_end + len(body)
            body += data + bytes(-len(data) % 4)
        entries.append(signature + struct.pack(">II", offsets[data], len(data)))
    size = table_end + len(body)
    header = struct.pack(">I", size) + bytes(4) + struct.pack(">I", 0x02100000) + b"mntr" + space + b"XYZ "
    header += struct.pack(">6H", 2025, 1, 1, 0, 0, 0) + b"acsp" + bytes(4) + bytes(4) + bytes(8) + bytes(8)
    header += struct.pack(">I", 0) + b"".join(s15(v) for v in D50) + bytes(4) + bytes(16) + bytes(28)
    assert len(header) == 128
    return header + struct.pack(">I", len(tags)) + b"".join(entries) + body


COPYRIGHT = "No copyright: generated by pinboard's scripts/make-icc-fixtures.py"


def rgb_profile(name, red, green, blue, curve, extra=()):
    r, g, b = colorants(red, green, blue)
    return profile(b"RGB ", [
        (b"desc", desc_tag(name)), (b"cprt", text_tag(COPYRIGHT)), (b"wtpt", xyz_tag(xyz(D65_XY))),
        (b"rXYZ", xyz_tag(r)), (b"gXYZ", xyz_tag(g)), (b"bXYZ", xyz_tag(b)),
        (b"rTRC", curve), (b"gTRC", curve), (b"bTRC", curve), *extra,
    ])


def grey_profile(name):
    return profile(b"GRAY", [
        (b"desc", desc_tag(name)), (b"cprt", text_tag(COPYRIGHT)), (b"wtpt", xyz_tag(D50)),
        (b"kTRC", gamma_curve(563)),
    ])


P3 = ((0.680, 0.320), (0.265, 0.690), (0.150, 0.060))
ADOBE = ((0.640, 0.330), (0.210, 0.710), (0.150, 0.060))


# Images

def picture(width, height, mode):
    """A gradient, so the images are real pictures; content does not matter to the probes."""
    image = Image.new("RGB", (width, height))
    image.putdata([(x * 255 // (width - 1), y * 255 // (height - 1), (x + y) * 127 // (width + height))
                   for y in range(height) for x in range(width)])
    return image.convert(mode)


def encode(image, kind, **options):
    buffer = io.BytesIO()
    image.save(buffer, kind, **options)
    return buffer.getvalue()


def png_chunks(data):
    """[(type, data)] of a PNG, every CRC checked."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    chunks, offset = [], 8
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        body = data[offset + 8:offset + 8 + length]
        assert struct.unpack(">I", data[offset + 8 + length:offset + 12 + length])[0] == zlib.crc32(kind + body)
        chunks.append((kind, body))
        offset += 12 + length
    return chunks


def png(chunks, bad_crc=()):
    """A PNG of (type, data) chunks; CRCs correct except for the types in bad_crc, which are inverted."""
    out = b"\x89PNG\r\n\x1a\n"
    for kind, body in chunks:
        crc = zlib.crc32(kind + body) ^ (0xFFFFFFFF if kind in bad_crc else 0)
        out += struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc)
    return out


def iccp(data, name=b"ICC Profile"):
    """An iCCP chunk's data as Pillow writes it: name, NUL, method 0, zlib stream."""
    return name + b"\0\0" + zlib.compress(data)


def jpeg_segments(data):
    """(segments before the scan, the rest): each segment whole, marker and length included."""
    assert data[:2] == b"\xff\xd8"
    segments, offset = [], 2
    while data[offset + 1] != 0xDA:
        length = struct.unpack(">H", data[offset + 2:offset + 4])[0]
        segments.append(data[offset:offset + 2 + length])
        offset += 2 + length
    return segments, data[offset:]


def is_icc(segment):
    return segment[:2] == b"\xff\xe2" and segment[4:16] == b"ICC_PROFILE\0"


def is_frame(segment):
    return segment[1] in (0xC0, 0xC1, 0xC2)


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    readme = []

    def write(name, data, what):
        (OUT / name).write_bytes(data)
        readme.append(f"| {name} | {what} |")

    p3 = rgb_profile("Display P3", *P3, srgb_curve())
    adobe = rgb_profile("Adobe RGB (1998)", *ADOBE, gamma_curve(563))
    grey = grey_profile("Grey Gamma 2.2")
    # Display P3 with a private tag, so Pillow splits it into three APP2 segments. The tag
    # is numbered lines: every slice differs, so a misordered chain cannot pass for the
    # profile, and it still compresses in the PNG and in git.
    padding = b"".join(b"%07d\n" % i for i in range(2 * JPEG_SLICE // 8 + 500))
    padded = rgb_profile("Display P3", *P3, srgb_curve(), extra=[(b"pPad", data_tag(padding))])
    profiles = {"display-p3.icc": p3, "adobe-rgb-1998.icc": adobe, "grey-gamma-2.2.icc": grey,
                "display-p3-padded.icc": padded}
    for name, data in profiles.items():
        if struct.unpack(">I", data[:4])[0] != len(data) or data[36:40] != b"acsp":
            sys.exit(f"{name}: the header's size or signature is wrong")
    write("display-p3.icc", p3, "Display P3: P3 primaries, D65 white, sRGB tone curve")
    write("adobe-rgb-1998.icc", adobe, "Adobe RGB (1998): its primaries, D65 white, gamma 563/256")
    write("grey-gamma-2.2.icc", grey, "Grey Gamma 2.2: kTRC gamma 563/256, D50 white")
    write("display-p3-padded.icc", padded,
          f"display-p3.icc plus a private 'pPad' tag of numbered lines: {len(padded)} bytes, three APP2 segments in a JPEG")

    rgb, rgba, grey_image = picture(32, 24, "RGB"), picture(32, 24, "RGBA"), picture(32, 24, "L")

    # PNG: Pillow writes iCCP straight after IHDR.
    plain = encode(rgb, "PNG")
    write("display-p3.png", encode(rgb, "PNG", icc_profile=p3), "32x24 RGB, iCCP display-p3.icc")
    write("adobe-rgb.png", encode(rgba, "PNG", icc_profile=adobe), "32x24 RGBA, iCCP adobe-rgb-1998.icc")
    write("grey.png", encode(grey_image, "PNG", icc_profile=grey), "32x24 grey, iCCP grey-gamma-2.2.icc")
    write("display-p3-padded.png", encode(rgb, "PNG", icc_profile=padded),
          "32x24 RGB, iCCP display-p3-padded.icc")
    write("no-profile.png", plain, "32x24 RGB, neither iCCP nor sRGB")

    chunks = png_chunks(plain)
    header, rest = chunks[:1], chunks[1:]
    with_icc = png_chunks(encode(rgb, "PNG", icc_profile=p3))
    if [kind for kind, _ in with_icc[:2]] != [b"IHDR", b"iCCP"]:
        sys.exit("Pillow no longer writes iCCP straight after IHDR")
    icc_chunk = with_icc[1]
    text = (b"tEXt", b"Comment\0written before the profile")
    phys = (b"pHYs", struct.pack(">IIB", 2835, 2835, 1))
    write("icc-after-text.png", png(header + [text, phys, icc_chunk] + rest),
          "32x24 RGB: tEXt and pHYs, then iCCP display-p3.icc")
    write("icc-bad-crc.png", png(with_icc, bad_crc=(b"iCCP",)), "display-p3.png with the iCCP CRC inverted")
    compressed = icc_chunk[1][len(b"ICC Profile") + 2:]
    write("icc-bad-zlib.png", png(header + [(b"iCCP", b"ICC Profile\0\0" + compressed[:len(compressed) // 2])] + rest),
          "display-p3.png with the iCCP zlib stream cut in half (CRC correct)")
    huge = p3 + bytes(16 * 1024 * 1024 + 1 - len(p3))
    write("icc-too-large.png", png(header + [(b"iCCP", iccp(huge))] + rest),
          "32x24 RGB, iCCP of display-p3.icc padded with zeros to 16 MiB + 1 byte (CRC correct)")
    write("icc-bad-method.png", png(header + [(b"iCCP", b"ICC Profile\0\x01" + compressed)] + rest),
          "display-p3.png with iCCP compression method 1 (CRC correct)")
    write("icc-no-name.png", png(header + [(b"iCCP", iccp(p3, name=b""))] + rest),
          "display-p3.png with an empty iCCP profile name (CRC correct)")
    srgb = (b"sRGB", b"\0")
    write("srgb.png", png(header + [srgb] + rest), "32x24 RGB, sRGB chunk (perceptual), no iCCP")
    write("srgb-then-icc.png", png(header + [srgb, icc_chunk] + rest),
          "32x24 RGB, sRGB then iCCP display-p3.icc: the first decides, as in libpng")
    idat_end = max(i for i, (kind, _) in enumerate(rest) if kind == b"IDAT") + 1
    write("icc-after-idat.png", png(header + rest[:idat_end] + [icc_chunk] + rest[idat_end:]),
          "32x24 RGB, iCCP display-p3.icc after the image data, where libpng ignores it")
    # gAMA and cHRM beside iCCP, as some encoders write all three: a decoder that uses the
    # profile ignores both (PNG 11.3.3.3), so this decodes to adobe-rgb.png's samples, as
    # Pillow (which never applies gAMA) gives them. gAMA 1.0 is far from the profile's 2.2.
    adobe_chunks = png_chunks(encode(rgba, "PNG", icc_profile=adobe))
    gama = (b"gAMA", struct.pack(">I", 100000))
    chrm = (b"cHRM", struct.pack(">8I", 31270, 32900, 64000, 33000, 21000, 71000, 15000, 6000))
    write("adobe-rgb-gama.png", png(adobe_chunks[:1] + [gama, chrm] + adobe_chunks[1:]),
          "adobe-rgb.png with gAMA 1.0 and cHRM (Adobe RGB's) before its iCCP, which they must not override")
    many = [(b"tEXt", b"Note\0%d" % i) for i in range(64)]
    write("icc-after-64-chunks.png", png(header + many + [icc_chunk] + rest),
          "32x24 RGB, 64 tEXt chunks then iCCP display-p3.icc: beyond the probe's walk")

    # JPEG: Pillow writes the APP2 segments in order, before the frame header.
    write("display-p3.jpg", encode(rgb, "JPEG", quality=90, icc_profile=p3), "32x24, one APP2 of display-p3.icc")
    write("adobe-rgb.jpg", encode(rgb, "JPEG", quality=90, icc_profile=adobe), "32x24, one APP2 of adobe-rgb-1998.icc")
    write("grey.jpg", encode(grey_image, "JPEG", quality=90, icc_profile=grey),
          "32x24 grey, one APP2 of grey-gamma-2.2.icc")
    chain = encode(rgb, "JPEG", quality=90, icc_profile=padded)
    segments, scan = jpeg_segments(chain)
    icc = [s for s in segments if is_icc(s)]
    if [(s[16], s[17]) for s in icc] != [(1, 3), (2, 3), (3, 3)]:
        sys.exit(f"display-p3-padded.jpg: expected APP2 segments 1-3 of 3, got {[(s[16], s[17]) for s in icc]}")
    write("display-p3-padded.jpg", chain, "32x24, display-p3-padded.icc in three APP2 segments, 1 2 3")
    others = [s for s in segments if not is_icc(s)]
    first_icc = segments.index(icc[0])
    write("icc-chain-reordered.jpg",
          b"\xff\xd8" + b"".join(segments[:first_icc] + [icc[2], icc[0], icc[1]] + others[first_icc:]) + scan,
          "display-p3-padded.jpg with its APP2 segments in the order 3 1 2")
    write("icc-chain-missing.jpg",
          b"\xff\xd8" + b"".join(segments[:first_icc] + [icc[0], icc[2]] + others[first_icc:]) + scan,
          "display-p3-padded.jpg without APP2 segment 2 of 3")
    single, single_scan = jpeg_segments(encode(rgb, "JPEG", quality=90, icc_profile=p3))
    frame = next(i for i, s in enumerate(single) if is_frame(s))
    moved = [s for s in single[:frame + 1] if not is_icc(s)] + [s for s in single if is_icc(s)] + single[frame + 1:]
    write("icc-after-frame.jpg", b"\xff\xd8" + b"".join(moved) + single_scan,
          "display-p3.jpg with its APP2 moved after the frame header, where the probe no longer looks")
    write("no-profile.jpg", encode(rgb, "JPEG", quality=90), "32x24, no APP2")

    with open(OUT / "README.md", "w") as f:
        f.write("# ICC profile fixtures\n\n")
        f.write("Generated by `scripts/make-icc-fixtures.py`: the profiles are written by hand in that\n"
                "script (no third-party profile files), the images by Pillow 11.0.0, then damaged or\n"
                "rearranged by the script where the name says so. Run once; the outputs are committed.\n\n")
        f.write("| file | what it is |\n|---|---|\n")
        f.write("\n".join(readme) + "\n")
    total = sum(p.stat().st_size for p in OUT.iterdir() if p.is_file())
    print(f"wrote {len(readme)} files to {OUT} ({total} bytes)")


if __name__ == "__main__":
    main()

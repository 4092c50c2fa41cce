#!/usr/bin/env python3
"""Write deterministic damaged PNG files to Fixtures/corrupt/.

Why: pinboard must refuse bad input with an error naming the file, never
crash, hang or allocate a huge buffer. PngSuite's x* files cover some of that;
these cover the rest (empty files, directories, truncation, bad CRCs, absurd
headers), each damaged in exactly one way from one small valid image,
valid-reference.png. Fixtures/corrupt/README.md says what each file is.

Standard library only (zlib, struct). Run once; the outputs are committed.
"""

import struct
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "Fixtures" / "corrupt"
SIGNATURE = b"\x89PNG\r\n\x1a\n"
SIZE = 64


def chunk(kind, data, crc=None):
    """One chunk; crc defaults to the correct one."""
    if crc is None:
        crc = zlib.crc32(kind + data)
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc & 0xFFFFFFFF)


def ihdr(width, height, bit_depth=8, color_type=2):
    return struct.pack(">IIBBBBB", width, height, bit_depth, color_type, 0, 0, 0)


def gradient_idat():
    """Compressed scanlines of a 64x64 RGB gradient (R = 4x, G = 4y, B = 2(x+y)).

    Rows use the Sub filter (1): each byte minus the byte one pixel left,
    which makes the gradient's rows nearly constant. The stream is small and
    full of back-references, so a flipped bit breaks it instead of just
    changing a literal.
    """
    raw = bytearray()
    for y in range(SIZE):
        row = bytearray()
        for x in range(SIZE):
            row += bytes((x * 4, y * 4, (x + y) * 2))
        raw.append(1)
        raw += bytes((row[i] - (row[i - 3] if i >= 3 else 0)) & 0xFF for i in range(len(row)))
    return zlib.compress(bytes(raw), 9)


def png(chunks):
    return SIGNATURE + b"".join(chunks)


def zlib_error(data):
    """zlib's complaint about a stream, or None when it inflates cleanly."""
    try:
        zlib.decompress(data)
    except zlib.error as error:
        return str(error)
    return None


def flip_bits(data):
    """Flip four bits (XOR 0x55) of one byte so the deflate data is invalid.

    Only a Z_DATA_ERROR (-3) raised by the inflater itself counts. Most flips
    in this small stream only change pixels and are caught by nothing but the
    final Adler-32 check, or make the stream end early (-5); libpng would
    report those as missing data or not at all. So this takes the first byte
    whose flip gives "invalid distance too far back" (a broken back-reference
    in the pixel data, past the Huffman tables), else the first structural
    error of any kind. Deterministic for a given zlib, and checked rather
    than assumed.
    """
    fallback = None
    for offset in range(2, len(data) - 4):  # skip the 2-byte zlib header and Adler-32
        damaged = bytearray(data)
        damaged[offset] ^= 0x55
        damaged = bytes(damaged)
        message = zlib_error(damaged)
        if message is None or "Error -3 " not in message or "incorrect data check" in message:
            continue
        if "distance too far back" in message:
            return damaged, offset, message
        if fallback is None:
            fallback = (damaged, offset, message)
    if fallback is None:
        raise SystemExit("no bit flip made zlib fail; pick another pattern")
    return fallback


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    idat = gradient_idat()
    header = chunk(b"IHDR", ihdr(SIZE, SIZE))
    end = chunk(b"IEND", b"")
    valid = png([header, chunk(b"IDAT", idat), end])

    files = {}
    files["valid-reference.png"] = valid
    files["empty.png"] = b""
    files["text.png"] = (
        b"This is not a PNG file.\n"
        b"It is plain text with a .png name,\n"
        b"as a mislabelled download might be.\n"
    )
    files["truncated-header.png"] = valid[:20]  # signature + IHDR length/type + 4 bytes
    idat_data_start = len(SIGNATURE) + len(header) + 8
    files["truncated-idat.png"] = valid[: idat_data_start + len(idat) // 2]
    files["no-iend.png"] = valid[: -len(end)]
    files["bad-ihdr-crc.png"] = png([chunk(b"IHDR", ihdr(SIZE, SIZE), zlib.crc32(b"IHDR" + ihdr(SIZE, SIZE)) ^ 0xFF), chunk(b"IDAT", idat), end])
    files["bad-idat-crc.png"] = png([header, chunk(b"IDAT", idat, zlib.crc32(b"IDAT" + idat) ^ 0xFF), end])
    flipped, flip_offset, flip_error = flip_bits(idat)
    files["flipped-bits.png"] = png([header, chunk(b"IDAT", flipped), end])  # CRC recomputed
    files["zero-width.png"] = png([chunk(b"IHDR", ihdr(0, SIZE)), chunk(b"IDAT", idat), end])
    files["huge-dimensions.png"] = png([
        chunk(b"IHDR", ihdr(100_000, 100_000)),
        chunk(b"IDAT", zlib.compress(b"\x00")),  # one filter byte: valid zlib, tiny
        end,
    ])
    files["bad-signature.png"] = valid[:1] + b"Q" + valid[2:]  # "\x89QNG..."
    files["bad-color-type.png"] = png([chunk(b"IHDR", ihdr(SIZE, SIZE, 8, 1)), chunk(b"IDAT", idat), end])
    files["bad-bit-depth.png"] = png([chunk(b"IHDR", ihdr(SIZE, SIZE, 4, 2)), chunk(b"IDAT", idat), end])

    for name, data in files.items():
        (OUT / name).write_bytes(data)

    # A directory with a .png name; .keep makes git keep it.
    (OUT / "directory.png").mkdir(exist_ok=True)
    (OUT / "directory.png" / ".keep").write_bytes(b"")

    print(f"wrote {len(files)} files and directory.png/ to {OUT}")
    print(f"flipped-bits.png: IDAT data byte {flip_offset} of {len(idat)} XOR 0x55 -> zlib: {flip_error}")


if __name__ == "__main__":
    main()

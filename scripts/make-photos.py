#!/usr/bin/env python3
"""Generates deterministic photographic-looking images for benchmarks and samples.

Real photos cannot be committed in bulk, and flat synthetic images compress far
better than photos do, which would flatter every encoder. These mix smooth
low-frequency structure, sharp edges and sensor-like noise, so PNG compresses
them about as poorly as it compresses camera output.

usage: make-photos.py OUT_DIR COUNT MIN_SIDE MAX_SIDE [--size WxH] [--seed N] [--alpha-every K] [--jpeg QUALITY]
       make-photos.py --tiny OUT_DIR COUNT      (headers only matter: 10,000 small files for the probe benchmark)

It sets itself up: numpy and Pillow come from scripts/bench's environment, bench-out/venv,
made by pip from the exact versions in scripts/requirements-bench.txt on the first run
(or from .venv/fixtures when make-jpeg-quality-goldens.py imports it).
"""
import argparse
import os
import struct
import zlib

from own_venv import enter

enter("bench", __doc__, also=("fixtures",))

# Packages outside the standard library come from the script's own environment, after enter().
import numpy as np
from PIL import Image, ImageDraw


def smooth_field(rng, height, width, cells):
    """Bicubic-upsampled random grid: broad light and colour variation."""
    grid = rng.random((cells + 1, cells + 1, 3)).astype(np.float32) * 255
    image = Image.fromarray(grid.astype(np.uint8), "RGB").resize((width, height), Image.BICUBIC)
    return np.asarray(image, dtype=np.float32)


def photo(rng, width, height, alpha):
    base = 0.65 * smooth_field(rng, height, width, 3) + 0.35 * smooth_field(rng, height, width, 12)
    canvas = Image.fromarray(np.clip(base, 0, 255).astype(np.uint8), "RGB")
    draw = ImageDraw.Draw(canvas)
    for _ in range(int(rng.integers(6, 16))):
        x0, y0 = rng.integers(0, width), rng.integers(0, height)
        x1, y1 = x0 + rng.integers(width // 20 + 1, width // 3 + 2), y0 + rng.integers(height // 20 + 1, height // 3 + 2)
        colour = tuple(int(c) for c in rng.integers(0, 256, 3))
        if rng.random() < 0.5:
            draw.ellipse([x0, y0, x1, y1], fill=colour)
        else:
            draw.rectangle([x0, y0, x1, y1], fill=colour)
    pixels = np.asarray(canvas, dtype=np.float32)
    pixels += rng.normal(0, 4.0, pixels.shape).astype(np.float32)
    pixels = np.clip(pixels, 0, 255).astype(np.uint8)
    if not alpha:
        return Image.fromarray(pixels, "RGB")
    yy, xx = np.mgrid[0:height, 0:width].astype(np.float32)
    distance = np.hypot((xx - width / 2) / (width / 2), (yy - height / 2) / (height / 2))
    mask = np.clip((1.1 - distance) * 255 * 3, 0, 255).astype(np.uint8)
    return Image.fromarray(np.dstack([pixels, mask]), "RGBA")


def tiny_png(width, height):
    """A black PNG of the given size: it deflates to almost nothing, and the
    probe benchmark needs many files, not pixels."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    raw = (b"\x00" + b"\x00" * (width * 3)) * height
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out")
    parser.add_argument("count", type=int)
    parser.add_argument("min_side", type=int, nargs="?", default=16)
    parser.add_argument("max_side", type=int, nargs="?", default=64)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--alpha-every", type=int, default=0)
    parser.add_argument("--jpeg", type=int, default=0, help="save as JPEG of this quality instead of PNG")
    parser.add_argument("--tiny", action="store_true")
    parser.add_argument("--size", help="WxH for every image, instead of random sides")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    rng = np.random.default_rng(args.seed)
    for index in range(args.count):
        width = int(rng.integers(args.min_side, args.max_side + 1))
        height = int(rng.integers(args.min_side, args.max_side + 1))
        if args.size:
            width, height = (int(side) for side in args.size.split("x"))
        name = os.path.join(args.out, f"img{index + 1:05d}")
        if args.tiny:
            with open(name + ".png", "wb") as handle:
                handle.write(tiny_png(width, height))
            continue
        alpha = args.alpha_every > 0 and index % args.alpha_every == args.alpha_every - 1
        image = photo(rng, width, height, alpha)
        if args.jpeg:
            image.convert("RGB").save(name + ".jpg", quality=args.jpeg)
        else:
            image.save(name + ".png", compress_level=6)


if __name__ == "__main__":
    main()

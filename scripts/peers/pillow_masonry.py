#!/usr/bin/env python3
"""Masonry sheet the way a Pillow user would write it: the whole sheet in memory,
LANCZOS resize per image, paste onto white, save at zlib level 6 (or --compression). JPEGs are decoded
at full size: a plain Image.open + resize never asks for draft() (DCT scaling).

usage: pillow_masonry.py DIR OUT WIDTH COLUMNS [--padding P] [--margin M] [--compression LEVEL]
"""
import argparse

from PIL import Image

from masonry_layout import layout, image_files


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("folder")
    parser.add_argument("out")
    parser.add_argument("width", type=int)
    parser.add_argument("columns", type=int)
    parser.add_argument("--padding", type=int, default=6)
    parser.add_argument("--margin", type=int, default=0)
    parser.add_argument("--compression", type=int, default=6)
    parser.add_argument("--jpeg", type=int, metavar="QUALITY", help="save as JPEG at this quality (4:2:0, optimised)")
    args = parser.parse_args()
    files = image_files(args.folder)
    sizes = []
    for path in files:
        with Image.open(path) as image:  # header only
            sizes.append(image.size)
    height, placements = layout(sizes, args.width, args.columns, args.padding, args.margin)
    sheet = Image.new("RGB", (args.width, height), "white")
    for path, (_, x, y, w, h) in zip(files, placements):
        with Image.open(path) as image:
            alpha = image.mode in ("RGBA", "LA", "PA") or "transparency" in image.info
            image = image.convert("RGBA" if alpha else "RGB")  # P and L would otherwise resize with NEAREST
            image = image.resize((w, h), Image.LANCZOS, reducing_gap=None)  # RGBA is resized premultiplied
            sheet.paste(image.convert("RGB"), (x, y), image if alpha else None)
    if args.jpeg:
        sheet.save(args.out, format="JPEG", quality=args.jpeg, subsampling="4:2:0", optimize=True)
    else:
        sheet.save(args.out, compress_level=args.compression)
    print(f"sheet={args.width}x{height} images={len(files)}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Masonry sheet with libvips (pyvips): a lazy pipeline, streamed to the PNG encoder.

Each image is thumbnail()ed to its cell size (alpha flattened on white), set in a
column-wide white cell; the cells are joined into columns, the columns side by
side, and the margin added with embed. thumbnail() shrinks on load (JPEG DCT
scaling, WebP scaled decoding, a HEIF file's own thumbnail when it covers the
cell) and turns by EXIF orientation, so a header with orientation 5-8 is laid out
with its sides swapped. An image with an embedded ICC profile is exported to sRGB
after shrinking (export_profile: libvips 8.14's thumbnail() keeps the profile's
colours otherwise), as pinboard shows it; others are left as they are. 16-bit
images become 8-bit sRGB. With --full-decode, each image is loaded whole and shrunk with
thumbnail_image() instead, which cannot shrink on load: the counterpart of pinboard's
--full-decode. pngsave at zlib level 6 (or --compression) with
adaptive row filters, or with --no-filter, none.

usage: vips_masonry.py DIR OUT WIDTH COLUMNS [--no-filter] [--full-decode] [--padding P] [--margin M]
       [--compression LEVEL] [--jpeg QUALITY]
"""
import argparse

import pyvips

from masonry_layout import layout, image_files

WHITE = [255, 255, 255]


def stack(images, direction):
    """Joins images edge to edge, top-aligned, as a balanced tree of join()s (arrayjoin would
    give every tile the largest tile's size; a linear chain would be len(images) deep)."""
    if len(images) == 1:
        return images[0]
    half = len(images) // 2
    return stack(images[:half], direction).join(stack(images[half:], direction), direction,
                                                expand=True, background=WHITE, align="low")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("folder")
    parser.add_argument("out")
    parser.add_argument("width", type=int)
    parser.add_argument("columns", type=int)
    parser.add_argument("--no-filter", action="store_true")
    parser.add_argument("--full-decode", action="store_true")
    parser.add_argument("--padding", type=int, default=6)
    parser.add_argument("--margin", type=int, default=0)
    parser.add_argument("--compression", type=int, default=6)
    parser.add_argument("--jpeg", type=int, metavar="QUALITY", help="save as JPEG at this quality (jpegsave, optimised Huffman tables)")
    args = parser.parse_args()
    files = image_files(args.folder)
    sizes, profiled = [], []
    for path in files:
        image = pyvips.Image.new_from_file(path)  # header only
        turned = image.get_typeof("orientation") and image.get("orientation") in (5, 6, 7, 8)
        sizes.append((image.height, image.width) if turned else (image.width, image.height))
        profiled.append(bool(image.get_typeof("icc-profile-data")))
    height, placements = layout(sizes, args.width, args.columns, args.padding, args.margin)
    inner = args.width - 2 * args.margin
    lefts = [args.margin + i * inner // args.columns for i in range(args.columns + 1)]
    cells = [[] for _ in range(args.columns)]
    for path, profile, (column, x, y, w, h) in zip(files, profiled, placements):
        colour = {"export_profile": "srgb"} if profile else {}
        if args.full_decode:
            image = pyvips.Image.new_from_file(path, access="sequential").thumbnail_image(w, height=h, size="force",
                                                                                          **colour)
        else:
            image = pyvips.Image.thumbnail(path, w, height=h, size="force", **colour)
        if image.hasalpha():
            image = image.flatten(background=WHITE)
        if image.bands < 3 or image.format != "uchar":
            image = image.colourspace("srgb")
        span = lefts[column + 1] - lefts[column]
        cells[column].append(image.embed(x - lefts[column], args.padding, span, h + 2 * args.padding,
                                         extend="background", background=WHITE))
    columns = [stack(column, "vertical") if column
               else pyvips.Image.black(lefts[i + 1] - lefts[i], 1, bands=3).new_from_image(WHITE)
               for i, column in enumerate(cells)]
    sheet = stack(columns, "horizontal")
    sheet = sheet.embed(args.margin, args.margin, args.width, height, extend="background", background=WHITE)
    if args.jpeg:
        sheet.jpegsave(args.out, Q=args.jpeg, optimize_coding=True)
    else:
        sheet.pngsave(args.out, compression=args.compression, filter="none" if args.no_filter else "all")
    print(f"sheet={args.width}x{height} images={len(files)}")


if __name__ == "__main__":
    main()

"""libvips's answer to a board too big to view: a Deep Zoom pyramid made from a finished
sheet with dzsave, for scripts/bench's pyramid section.

usage: vips_dzsave.py SHEET.png OUT.dzi TILE_SIZE OVERLAP QUALITY
Writes OUT.dzi and OUT_files/ as `vips dzsave` does, JPEG tiles at QUALITY; an earlier
OUT_files/ is removed first, as dzsave will not write into one.
"""
import os
import shutil
import sys

import pyvips


def main():
    sheet, out, tile_size, overlap, quality = sys.argv[1:6]
    base = out[:-len(".dzi")] if out.endswith(".dzi") else out
    shutil.rmtree(base + "_files", ignore_errors=True)
    image = pyvips.Image.new_from_file(sheet, access="sequential")
    image.dzsave(base, tile_size=int(tile_size), overlap=int(overlap), suffix=f".jpeg[Q={quality}]")
    if not os.path.exists(base + ".dzi"):
        sys.exit(f"vips_dzsave: dzsave wrote no {base}.dzi")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Write tiny one-colour PNGs to Fixtures/solid/.

Why: a tile of one colour must come out of any resampling filter as exactly that
colour, so a sheet made of them can be checked pixel by pixel against nothing but
the manifest: every pixel in a tile's rect is its source's colour, every other
pixel is the background. The sizes differ (wide, tall, square, tiny) so tiles are
both enlarged and reduced, and the PNG kinds differ (RGB, grey, palette, RGBA) so
every decoder path feeds the compositor.

Three of them are translucent: alpha 128 and alpha 200 everywhere, for the "over"
arithmetic (at 128 a tile's coverage and what it leaves uncovered are nearly equal, so
a mix-up of the two only shows at 200), and alpha 0 everywhere, which must leave the
background as it was. `Tests/PinboardTests/SolidFixture.swift` lists the same names and colours.

Run once; the outputs are committed. It sets itself up: Pillow comes from .venv/fixtures,
made by pip from the exact versions in scripts/requirements-fixtures.txt on the first run.
"""

from pathlib import Path

from own_venv import enter

enter("fixtures", __doc__)

# Packages outside the standard library come from the script's own environment, after enter().
from PIL import Image

OUT = Path(__file__).resolve().parent.parent / "Fixtures" / "solid"

# name, size, Pillow mode, colour (RGBA; the mode keeps what it can hold).
FIXTURES = [
    ("red-40x30.png", (40, 30), "RGB", (220, 30, 40, 255)),
    ("green-18x60.png", (18, 60), "RGB", (20, 160, 60, 255)),
    ("blue-64x16.png", (64, 16), "RGB", (30, 60, 200, 255)),
    ("yellow-25x25.png", (25, 25), "RGB", (240, 200, 20, 255)),
    ("grey-30x20.png", (30, 20), "L", (90, 90, 90, 255)),
    ("purple-7x9.png", (7, 9), "P", (120, 40, 150, 255)),
    ("orange-half-24x36.png", (24, 36), "RGBA", (250, 130, 20, 128)),
    ("teal-strong-30x18.png", (30, 18), "RGBA", (10, 150, 140, 200)),
    ("pink-clear-20x20.png", (20, 20), "RGBA", (200, 0, 100, 0)),
]


def image(size, mode, colour):
    if mode == "L":
        return Image.new("L", size, colour[0])
    if mode == "P":
        palette = Image.new("P", size, 0)
        palette.putpalette(colour[:3])
        return palette
    if mode == "RGB":
        return Image.new("RGB", size, colour[:3])
    return Image.new("RGBA", size, colour)


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    for name, size, mode, colour in FIXTURES:
        path = OUT / name
        image(size, mode, colour).save(path, optimize=True)
        back = Image.open(path).convert("RGBA")
        # Pillow keeps the colour of fully transparent pixels, but check what was written.
        colours = back.getcolors()
        assert back.size == size and colours == [(size[0] * size[1], colour)], (name, colours)
        print(f"{path.relative_to(OUT.parent.parent)}: {size[0]}x{size[1]} {mode} {colour}")


if __name__ == "__main__":
    main()

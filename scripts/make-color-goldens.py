#!/usr/bin/env python3
"""Writes Fixtures/color/: what Little CMS, through Pillow's ImageCms, makes of a test
pattern under each profile in Fixtures/icc/, converted to sRGB with relative colorimetric
intent and black-point compensation (pinboard's settings). The goldens are independent
of pinboard's code: only Little CMS is shared, as it is with every viewer on Linux.

It sets itself up: Pillow 11.0.0 (with its bundled Little CMS) comes from .venv/icc, made by
pip from scripts/requirements-icc.txt on the first run. Run once; the outputs are committed.

usage: scripts/make-color-goldens.py
"""
import io
import json
import os
import random
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from own_venv import enter  # noqa: E402

enter("icc", __doc__)

from PIL import Image, ImageCms  # noqa: E402

OUT = os.path.join(ROOT, "Fixtures", "color")
ICC = os.path.join(ROOT, "Fixtures", "icc")
WIDTH, HEIGHT = 64, 8


def pattern():
    """Ramps of each primary, secondary and grey, then seeded random colours; alpha varies."""
    rng = random.Random(20261201)
    pixels = []
    for y in range(HEIGHT):
        for x in range(WIDTH):
            level = x * 255 // (WIDTH - 1)
            if y < 7:
                mask = [(1, 0, 0), (0, 1, 0), (0, 0, 1), (1, 1, 0), (0, 1, 1), (1, 0, 1), (1, 1, 1)][y]
                rgb = tuple(level * m for m in mask)
            else:
                rgb = tuple(rng.randrange(256) for _ in range(3))
            alpha = 255 if (x + y) % 5 else rng.randrange(256)
            pixels.append((*rgb, alpha))
    return pixels


def main():
    os.makedirs(OUT, exist_ok=True)
    source = Image.new("RGBA", (WIDTH, HEIGHT))
    source.putdata(pattern())
    with open(os.path.join(OUT, "pattern.rgba"), "wb") as f:
        f.write(source.tobytes())
    srgb = ImageCms.createProfile("sRGB")
    # Little CMS's own sRGB, the profile an image tagged as plain sRGB carries. Its header
    # gets a fixed date and no profile ID (all zeros: "not computed", which ICC allows), so
    # reruns write the same bytes.
    profile_bytes = bytearray(ImageCms.ImageCmsProfile(srgb).tobytes())
    profile_bytes[24:36] = bytes([0x07, 0xEA, 0, 12, 0, 1, 0, 0, 0, 0, 0, 0])
    profile_bytes[84:100] = bytes(16)
    with open(os.path.join(OUT, "srgb.icc"), "wb") as f:
        f.write(profile_bytes)
    flags = ImageCms.Flags.BLACKPOINTCOMPENSATION
    index = {}
    for name, profile_file, mode in [("display-p3", "display-p3.icc", "RGB"),
                                     ("adobe-rgb", "adobe-rgb-1998.icc", "RGB"),
                                     ("grey", "grey-gamma-2.2.icc", "L")]:
        profile = ImageCms.ImageCmsProfile(io.BytesIO(open(os.path.join(ICC, profile_file), "rb").read()))
        if mode == "RGB":
            converted = ImageCms.profileToProfile(
                source.convert("RGB"), profile, srgb, renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
                outputMode="RGB", flags=flags)
        else:
            # A grey image is decoded as R = G = B; the profile reads one channel, the red.
            grey = source.getchannel("R")
            converted = ImageCms.profileToProfile(
                grey, profile, srgb, renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
                outputMode="RGB", flags=flags)
        with open(os.path.join(OUT, f"{name}.rgb"), "wb") as f:
            f.write(converted.tobytes())
        index[name] = {"profile": profile_file, "description": ImageCms.getProfileDescription(profile).strip()}
    with open(os.path.join(OUT, "index.json"), "w") as f:
        json.dump({"width": WIDTH, "height": HEIGHT, "profiles": index}, f, indent=1, sort_keys=True)
        f.write("\n")
    print("wrote", OUT)


if __name__ == "__main__":
    main()

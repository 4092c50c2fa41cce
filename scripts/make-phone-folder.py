#!/usr/bin/env python3
"""Fill a folder the way a phone's camera roll looks, for scripts/bench's phone section.

Why: the other workloads are PNGs and JPEGs of drawn shapes and noise. A phone's folder is
mostly 12-megapixel HEIC in Display P3, each with a small thumbnail inside, some of it
portrait through a HEIF rotation, with JPEGs, WebPs and PNGs among it. Those are what
make pinboard's HEIF reader, its thumbnail use and its colour conversion cost what they
cost, so this folder is built like that, from the photographs in Fixtures/photos (taken
from scikit-image's originals, which are larger than the fixtures): each file is a
seeded 4:3 (or 3:4) crop of one of them, mirrored or not, upscaled with BICUBIC to
4032x3024 (or 3024x4032) and given seeded sensor-like noise (Gaussian, sigma 1.5), so the
encoders see detail and the files have a phone's sizes (about 2 MB a HEIC).

  64 x IMG_NNNN.heic  HEVC (x265 preset ultrafast, quality 70), Display P3 profile
                      (Fixtures/icc/display-p3.icc, pixels converted from sRGB), a 640-px
                      thumbnail; every fourth portrait: coded 4032x3024 with an irot box
  12 x IMG_NNNN.jpg   JPEG q90, Display P3; every fourth stored 4032x3024 with EXIF
                      orientation 6 (portrait once turned)
  12 x IMG_NNNN.webp  lossy WebP q80, no profile; every fourth 3024x4032
  12 x IMG_NNNN.png   PNG, zlib level 6, no profile; every fourth 3024x4032

The 640-px thumbnail covers a tile of a 1600-px, 4-column sheet in either orientation
(upright 640x480 or 480x640 against 388x291 or 388x517); phones store thumbnails of
various sizes, and one smaller than the tile is not used.

usage: scripts/make-phone-folder.py OUT_DIR [--count N]

The folder is written as OUT_DIR.partial and renamed when complete. Deterministic (a
fixed seed per file). It sets itself up: it runs in .venv/photos, made by pip from
scripts/requirements-photos.txt on the first run (make-photo-fixtures.py's environment).
"""

import argparse
import os
import shutil
import sys
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from own_venv import enter  # noqa: E402

enter("photos", __doc__)

# Packages outside the standard library come from the script's own environment, after enter().
import numpy as np  # noqa: E402
import pillow_heif  # noqa: E402
import skimage.data  # noqa: E402
from PIL import Image, ImageCms  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
P3 = ROOT / "Fixtures" / "icc" / "display-p3.icc"
# The loaders of the photographs in Fixtures/photos (see its README.md for their licences).
PHOTOS = ["chelsea", "coffee", "rocket", "hubble_deep_field", "camera", "retina", "astronaut", "brick"]
LONG, SHORT = 4032, 3024
NOISE = 1.5
THUMBNAIL = 640


def kind_of(index):
    """HEIC for the first 64% of a cycle of 25 files, then JPEG, WebP and PNG 12% each."""
    slot = index % 25
    return "heic" if slot < 16 else "jpg" if slot < 19 else "webp" if slot < 22 else "png"


def picture(rng, source, portrait):
    """A seeded 4:3 or 3:4 crop of `source`, maybe mirrored, upscaled, with sensor-like noise."""
    aspect = SHORT / LONG if portrait else LONG / SHORT
    width, height = source.size
    crop_height = min(height, width / aspect) * rng.uniform(0.6, 1.0)
    crop_width = crop_height * aspect
    left = rng.uniform(0, width - crop_width)
    top = rng.uniform(0, height - crop_height)
    size = (SHORT, LONG) if portrait else (LONG, SHORT)
    image = source.resize(size, Image.BICUBIC, box=(left, top, left + crop_width, top + crop_height))
    if rng.random() < 0.5:
        image = image.transpose(Image.Transpose.FLIP_LEFT_RIGHT)
    pixels = np.asarray(image, dtype=np.float32)
    pixels += rng.normal(0, NOISE, pixels.shape).astype(np.float32)
    return Image.fromarray(np.clip(np.rint(pixels), 0, 255).astype(np.uint8), "RGB")


def orientation_6():
    exif = Image.Exif()
    exif[0x0112] = 6
    return exif.tobytes()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out")
    parser.add_argument("--count", type=int, default=100)
    args = parser.parse_args()
    pillow_heif.register_heif_opener()
    sources = [Image.fromarray(getattr(skimage.data, name)()).convert("RGB") for name in PHOTOS]
    to_p3 = ImageCms.buildTransform(ImageCms.createProfile("sRGB"), ImageCms.ImageCmsProfile(str(P3)), "RGB", "RGB",
                                    renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)
    profile = P3.read_bytes()
    staging = Path(args.out + ".partial")
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    for index in range(args.count):
        rng = np.random.default_rng(1000 + index)
        kind = kind_of(index)
        portrait = index % 4 == 3
        path = staging / f"IMG_{index + 1:04d}.{kind}"
        source = sources[index % len(sources)]
        if kind == "heic":
            # Coded landscape, as a phone's sensor writes it; irot turns the portrait ones.
            image = ImageCms.applyTransform(picture(rng, source, portrait), to_p3)
            if portrait:
                image.transpose(Image.Transpose.ROTATE_90).save(
                    path, quality=70, icc_profile=profile, exif=orientation_6(), thumbnails=[THUMBNAIL],
                    enc_params={"preset": "ultrafast"})
            else:
                image.save(path, quality=70, icc_profile=profile, thumbnails=[THUMBNAIL],
                           enc_params={"preset": "ultrafast"})
        elif kind == "jpg":
            image = ImageCms.applyTransform(picture(rng, source, portrait), to_p3)
            if portrait:
                image.transpose(Image.Transpose.ROTATE_90).save(path, quality=90, icc_profile=profile,
                                                                exif=orientation_6())
            else:
                image.save(path, quality=90, icc_profile=profile)
        elif kind == "webp":
            picture(rng, source, portrait).save(path, quality=80)
        else:
            picture(rng, source, portrait).save(path, compress_level=6)
        print(f"{path.name}: {path.stat().st_size / 1e6:.1f} MB", file=sys.stderr)
    shutil.rmtree(args.out, ignore_errors=True)
    staging.rename(args.out)
    total = sum(path.stat().st_size for path in Path(args.out).iterdir())
    print(f"{args.out}: {args.count} files, {total / 1e6:.0f} MB", file=sys.stderr)


if __name__ == "__main__":
    main()

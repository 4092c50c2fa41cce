#!/usr/bin/env python3
"""Write Fixtures/photos/: real photographs under free licences, one in every format pinboard reads.

Why: the other fixtures are drawn pictures a few dozen pixels wide, made to catch one
decoder fault each. A person judges a contact sheet by photographs: faces, fur, the
night sky, skin tones in a converted profile. These eight come from scikit-image's
bundled sample data (skimage/data/ in its wheel), each public domain or CC0 as the
docstring of its loader in skimage/data/_fetchers.py says; the script checks that the
licence sentence quoted in README.md is in that docstring, word for word, before it
writes anything. Each is resized (LANCZOS) to at most 640 px on its long side, then
saved the way a camera, phone or web page would:

  chelsea.jpg      JPEG q85, stored on its side with EXIF orientation 6 (must be turned)
  coffee-p3.png    PNG whose pixels were converted from sRGB to Display P3 with Little
                   CMS (Pillow's ImageCms), carrying Fixtures/icc/display-p3.icc
  rocket.webp      lossy WebP q80
  hubble.webp      animated WebP, two lossy frames (the second zooms in)
  camera.gif       animated GIF, grey, three frames (a magnified inset appears)
  retina.tif       16-bit RGB TIFF, Deflate with the horizontal predictor, resized
                   in floating point so the low bytes carry real gradation
  astronaut.heic   HEVC, cropped to 4:5, coded on its side with an irot transform
                   (pillow-heif turns EXIF orientation 6 into irot), and a 256-px
                   thumbnail that carries the same transform
  brick.avif       AV1 (AVIF), grey texture saved as RGB

README.md in the folder names each file's source, photographer and licence. golden/
holds each picture as it was before encoding (upright, sRGB, first frame) reduced to a
48-px tile, 8-bit RGBA, with golden/index.json giving their sizes: what pinboard's tile
of it should be close to.

usage: scripts/make-photo-fixtures.py

It sets itself up: scikit-image, Pillow, pillow-heif and tifffile come from .venv/photos,
made by pip from the exact versions in scripts/requirements-photos.txt on the first run.
Deterministic: a rerun writes the same bytes; outputs are committed.
"""

import json
import os
import re
import sys
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from own_venv import enter  # noqa: E402

enter("photos", __doc__)

# Packages outside the standard library come from the script's own environment, after enter().
import numpy as np  # noqa: E402
import pillow_heif  # noqa: E402
import PIL  # noqa: E402
import skimage  # noqa: E402
import skimage.data  # noqa: E402
import tifffile  # noqa: E402
from PIL import Image, ImageCms, ImageDraw  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "Fixtures" / "photos"
P3 = ROOT / "Fixtures" / "icc" / "display-p3.icc"
LONG_SIDE = 640
# The width of the reference tiles in golden/.
GOLDEN_WIDTH = 48
RETINA_SIDE = 320
# Smaller than LONG_SIDE where a lossless format would otherwise take most of the folder.
SMALLER = {"coffee": 480, "camera": 400}

# loader, the photograph, who made it and where it was published, the licence sentence
# (quoted from the loader's docstring), and the file it becomes.
PHOTOS = [
    ("chelsea", "Chelsea the cat", "Stefan van der Walt",
     "No copyright restrictions. CC0 by the photographer (Stefan van der Walt).", "chelsea.jpg"),
    ("coffee", "A coffee cup, courtesy of Pikolo Espresso Bar", "Rachel Michetti",
     "No copyright restrictions. CC0 by the photographer (Rachel Michetti).", "coffee-p3.png"),
    ("rocket", "Falcon 9 carrying DSCOVR at Cape Canaveral", "SpaceX, from SpaceX Photos on Flickr "
     "(https://www.flickr.com/photos/spacexphotos/16511594820/)",
     "The image was captured by SpaceX and `released in the public domain", "rocket.webp"),
    ("hubble_deep_field", "The Hubble eXtreme Deep Field", "NASA, from HubbleSite "
     "(http://hubblesite.org/newscenter/archive/releases/2012/37/image/a/)",
     "The image was captured by NASA and `may be freely used in the public domain", "hubble.webp"),
    ("camera", "A man with a camera on a tripod (grey)", "Lav Varshney",
     "No copyright restrictions. CC0 by the photographer (Lav Varshney).", "camera.gif"),
    ("retina", "Fundus photograph of a normal left eye", "Wikimedia Commons "
     "(https://commons.wikimedia.org/wiki/File:Fundus_photograph_of_normal_left_eye.jpg); scikit-image cites "
     "Mikael Häggström, \"Medical gallery of Mikael Häggström 2014\", WikiJournal of Medicine 1 (2)",
     "This file is made available under the Creative Commons CC0 1.0 Universal Public Domain Dedication.",
     "retina.tif"),
    ("astronaut", "The astronaut Eileen Collins", "NASA, from the NASA Great Images database "
     "(https://flic.kr/p/r9qvLn)",
     "No known copyright restrictions, released into the public domain.", "astronaut.heic"),
    ("brick", "A brick wall (grey texture)", "CC0Textures (https://cc0textures.com/view.php?tex=Bricks25)",
     "licensed under the Creative Commons CC0 License.", "brick.avif"),
]


def words(text):
    """Text with every run of white space made one space, so a quote matches across line breaks."""
    return re.sub(r"\s+", " ", text).strip()


def check_licence(loader, quote):
    docstring = getattr(skimage.data, loader).__doc__ or ""
    if words(quote) not in words(docstring):
        sys.exit(f"make-photo-fixtures.py: skimage.data.{loader}'s docstring no longer says "
                 f"{quote!r}; check its licence before using it")


def load(loader):
    """The photograph as Pillow has it: RGB, or L for the grey ones."""
    return Image.fromarray(getattr(skimage.data, loader)())


def fit(image, long_side=LONG_SIDE):
    scale = min(1.0, long_side / max(image.size))
    size = (max(1, round(image.width * scale)), max(1, round(image.height * scale)))
    return image if size == image.size else image.resize(size, Image.LANCZOS)


def exif_orientation(value):
    exif = Image.Exif()
    exif[0x0112] = value
    return exif.tobytes()


def chelsea(image, path):
    """Stored turned a quarter counter-clockwise; orientation 6 says to turn it clockwise back."""
    image = fit(image)
    image.transpose(Image.Transpose.ROTATE_90).save(path, quality=85, exif=exif_orientation(6))
    return (f"JPEG q85, stored {image.height}x{image.width} with EXIF orientation 6: "
            f"upright {image.width}x{image.height} once turned"), image


def coffee(image, path):
    """The sRGB pixels converted to Display P3, so a reader that converts back shows the photo
    as it was and one that ignores the profile shows it duller."""
    image = fit(image, SMALLER["coffee"])
    profile = P3.read_bytes()
    srgb = ImageCms.createProfile("sRGB")
    p3 = ImageCms.ImageCmsProfile(str(P3))
    converted = ImageCms.profileToProfile(image, srgb, p3, renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
                                          outputMode="RGB")
    converted.save(path, compress_level=9, icc_profile=profile)
    return (f"PNG, {image.width}x{image.height}, pixels converted from sRGB to Display P3 (Little CMS, relative "
            f"colorimetric) and Fixtures/icc/display-p3.icc embedded (iCCP)"), image


def rocket(image, path):
    image = fit(image)
    image.save(path, quality=80, method=6)
    return f"lossy WebP q80 (VP8), {image.width}x{image.height}", image


def hubble(image, path):
    """Two frames: the field, then its middle at 1.5x, as a slide show would zoom."""
    image = fit(image)
    w, h = image.size
    box = (w / 6, h / 6, w * 5 / 6, h * 5 / 6)
    zoomed = image.resize(image.size, Image.LANCZOS, box=box)
    image.save(path, save_all=True, append_images=[zoomed], duration=[1500, 1500], loop=0, quality=80, method=6)
    return f"animated WebP, {w}x{h}, two lossy frames (the second zooms to the middle third); a sheet shows the first", image


def camera(image, path):
    """A grey photo is what a GIF's 256-entry palette holds without loss; the inset frames change
    only a corner, so GIF stores them as small sub-frames."""
    image = fit(image, SMALLER["camera"])
    w, h = image.size
    detail = (w * 0.46, h * 0.18, w * 0.72, h * 0.44)  # the camera on the tripod
    frames = [image]
    for side in (w * 2 // 5, w // 2):
        frame = image.copy()
        inset = image.resize((side, side), Image.LANCZOS, box=detail)
        left, top = w - side - 8, h - side - 8
        ImageDraw.Draw(frame).rectangle((left - 3, top - 3, left + side + 2, top + side + 2), fill=255)
        frame.paste(inset, (left, top))
        frames.append(frame)
    frames[0].save(path, save_all=True, append_images=frames[1:], duration=[1500, 700, 700], loop=0, optimize=False)
    return (f"animated GIF, {w}x{h}, grey palette, three frames (a magnified inset grows in the corner); "
            "a sheet shows the first"), image


def retina(image, path):
    """16-bit samples from a floating-point resize of the 8-bit original, so the low byte is
    gradation rather than a copy of the high byte. RETINA_SIDE, not LONG_SIDE: 16-bit samples take room."""
    scale = RETINA_SIDE / max(image.size)
    size = (round(image.width * scale), round(image.height * scale))
    planes = [np.asarray(Image.fromarray(np.asarray(band, dtype=np.float32) * 257.0, "F").resize(size, Image.LANCZOS))
              for band in image.split()]
    samples = np.clip(np.rint(np.dstack(planes)), 0, 65535).astype(np.uint16)
    tifffile.imwrite(path, samples, photometric="rgb", compression="zlib", compressionargs={"level": 9},
                     predictor=True, rowsperstrip=16, metadata=None, software=None)
    eight = Image.fromarray(np.rint(samples / 257.0).astype(np.uint8), "RGB")
    return (f"TIFF, {size[0]}x{size[1]} RGB, 16 bits a sample (resized in floating point from the 8-bit "
            "original), Deflate with the horizontal predictor, 16 rows a strip"), eight


def astronaut(image, path):
    """Cropped to 4:5 so a wrong turn changes the tile's shape too; coded on its side."""
    image = fit(image)
    w, h = image.size
    crop = round(h * 4 / 5)
    upright = image.crop(((w - crop) // 2, 0, (w - crop) // 2 + crop, h))
    upright.transpose(Image.Transpose.ROTATE_90).save(path, quality=60, exif=exif_orientation(6), thumbnails=[256])
    assert b"irot" in path.read_bytes(), "pillow-heif wrote no irot box"
    thumbnails = pillow_heif.open_heif(path).info["thumbnails"]
    assert thumbnails, "pillow-heif wrote no thumbnail"
    return (f"HEIC (HEVC q60), coded {h}x{crop} with an irot box (from EXIF orientation 6): upright "
            f"{crop}x{h}; a {crop * 256 // h}x256 thumbnail carrying the same transform. Its EXIF still says "
            "orientation 6, as phones' files do: HEIF readers must not turn it a second time"), upright


def brick(image, path):
    image = fit(image)
    image.convert("RGB").save(path, quality=70)
    return f"AVIF (AV1 q70), {image.width}x{image.height}, a grey texture saved as RGB", image


WRITERS = {"chelsea": chelsea, "coffee": coffee, "rocket": rocket, "hubble_deep_field": hubble, "camera": camera,
           "retina": retina, "astronaut": astronaut, "brick": brick}


def save_golden(index, name, upright):
    """The upright sRGB picture before encoding, reduced to a GOLDEN_WIDTH-px tile as a sheet
    lays it out (height rounded half up), 8-bit RGBA: what a tile of the photo should look like."""
    width = GOLDEN_WIDTH
    height = max(1, (2 * upright.height * width + upright.width) // (2 * upright.width))
    tile = upright.convert("RGB").resize((width, height), Image.LANCZOS, reducing_gap=None)
    (OUT / "golden").mkdir(exist_ok=True)
    (OUT / "golden" / f"{name}.rgba").write_bytes(tile.convert("RGBA").tobytes())
    index[name] = {"width": width, "height": height}


def write_readme(rows):
    libheif = pillow_heif.libheif_info()
    lines = [
        "# Photographs",
        "",
        f"Made by `scripts/make-photo-fixtures.py` from the sample data bundled with scikit-image "
        f"{skimage.__version__} (`skimage/data/`), each resized to at most {LONG_SIDE} px on its long side "
        f"(LANCZOS) and saved with Pillow {PIL.__version__}, pillow-heif {pillow_heif.__version__} "
        f"(libheif {libheif['libheif']}, {libheif['encoders']['x265']}, {libheif['encoders']['aom']}) and "
        f"tifffile {tifffile.__version__}. `pinboard Fixtures/photos` shows every one upright in natural colours.",
        "",
        "| file | bytes | what it is |",
        "|---|---|---|",
    ]
    lines += [f"| {name} | {size:,} | {what} |" for name, size, what, _ in rows]
    lines += [
        "",
        f"`golden/<file>.rgba` is each picture as it was before encoding (upright, sRGB, the first frame), reduced "
        f"with Pillow's LANCZOS to a {GOLDEN_WIDTH}-px tile as a sheet lays it out, 8-bit RGBA; `golden/index.json` "
        "gives their sizes. A tile pinboard makes should be close to it: a wrong turn, a missed profile or a later "
        "frame is far off.",
    ]
    lines += [
        "",
        "## Sources and licences",
        "",
        "Each photograph is public domain or dedicated to it (CC0), as the docstring of its loader in "
        f"scikit-image {skimage.__version__} (`skimage/data/_fetchers.py`) states; the quoted sentence is that "
        "docstring's, and the script stops if it ever changes. scikit-image's own licence (BSD-3-Clause) covers "
        "its code, not these photographs.",
        "",
        "| file | photograph | by, and where it was published | licence, as scikit-image states it |",
        "|---|---|---|---|",
    ]
    lines += [f"| {name} | {title} (`skimage.data.{loader}()`) | {who} | \"{quote.replace('`', '')}\" |"
              for name, _, _, (loader, title, who, quote) in rows]
    (OUT / "README.md").write_text("\n".join(lines) + "\n")


def main():
    for loader, _, _, quote, _ in PHOTOS:
        check_licence(loader, quote)
    OUT.mkdir(parents=True, exist_ok=True)
    pillow_heif.register_heif_opener()
    pillow_heif.register_avif_opener()
    rows, index = [], {}
    for entry in PHOTOS:
        loader, title, who, quote, name = entry
        path = OUT / name
        what, upright = WRITERS[loader](load(loader), path)
        save_golden(index, name, upright)
        rows.append((name, path.stat().st_size, what, (loader, title, who, quote)))
        print(f"{path.relative_to(ROOT)}: {path.stat().st_size:,} bytes", file=sys.stderr)
    (OUT / "golden" / "index.json").write_text(json.dumps(index, indent=1, sort_keys=True) + "\n")
    write_readme(rows)
    total = sum(size for _, size, _, _ in rows)
    print(f"Fixtures/photos: {len(rows)} photos, {total:,} bytes", file=sys.stderr)


if __name__ == "__main__":
    main()

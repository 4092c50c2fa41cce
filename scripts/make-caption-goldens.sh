#!/bin/sh
# Regenerates the caption goldens in Fixtures/captions (8-bit PGM coverage) with the Text
# module as it is now, then writes a 4x enlarged PNG of each beside /tmp for checking by eye.
#
# The goldens are not an independent truth: they are what our FreeType path drew when it
# was last looked at, kept so that any change to caption pixels (rasteriser, advances,
# rounding, the cut with "…") shows up in TextTests' "Caption goldens". Regenerate only for
# a change that is meant to alter captions, look at the PNGs, and say why in the commit.
#
# The previews need Pillow, from .venv/fixtures: scripts/own_venv.py makes it with pip from the
# exact versions in scripts/requirements-fixtures.txt on the first run.
#
# usage: scripts/make-caption-goldens.sh
set -eu

case "${1:-}" in -h|--help) sed -n '2,/^set -eu/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'; exit 0 ;; esac
cd "$(dirname "$0")/.."
python=$(python3 scripts/own_venv.py fixtures)
PINBOARD_WRITE_CAPTION_GOLDENS=1 swift test --filter 'CaptionGoldenTests'
for golden in Fixtures/captions/*.pgm; do
    preview="/tmp/$(basename "$golden" .pgm).png"
    "$python" -c 'import sys; from PIL import Image, ImageOps
image = ImageOps.invert(Image.open(sys.argv[1]))
image.resize((image.width * 4, image.height * 4), Image.NEAREST).save(sys.argv[2])' "$golden" "$preview"
    echo "$golden -> $preview"
done

#!/bin/sh
# Regenerates the regression golden Fixtures/golden/pngsuite-sheet.png and its manifest
# with the pinboard binary as it is now built.
#
# The golden is not an independent truth: it is what pinboard made when it was last
# checked by eye, kept so that any later change to the pixels of a sheet (decoding,
# resampling, compositing, layout) shows up in PinboardTests' "PngSuite golden sheet"
# test. Regenerate it only for a change that is meant to alter sheets, look at the new
# PNG, and say why in the commit.
#
# The inputs are PngSuite's basic non-interlaced images, basn*.png, every colour type
# and bit depth, in C-locale order; the options below are the ones the test uses.
#
# usage: scripts/make-golden-sheet.sh [PINBOARD]   (default .build/debug/pinboard)
set -eu

cd "$(dirname "$0")/.."
pinboard=${1:-.build/debug/pinboard}
if [ ! -x "$pinboard" ]; then
    echo "no pinboard binary at $pinboard; run 'swift build' first" >&2
    exit 1
fi

mkdir -p Fixtures/golden
# Relative paths, so the manifest names the sources the same way on every machine.
LC_ALL=C
export LC_ALL
set -- Fixtures/pngsuite/basn*.png
"$pinboard" --width 200 --columns 4 --padding 3 --margin 5 --background '#3a5f7f' \
    --filter lanczos3 --compression 9 --strict --quiet --jobs 2 \
    --output Fixtures/golden/pngsuite-sheet.png --manifest Fixtures/golden/pngsuite-sheet.json "$@"
echo "wrote Fixtures/golden/pngsuite-sheet.png and .json from $# images"

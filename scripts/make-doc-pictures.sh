#!/bin/sh
# Redraws the sheets shown in README.md and docs/guide.md (docs/sample-sheet.png,
# docs/board.png, docs/justified.png, docs/grid.png, docs/justified-optimal.png,
# docs/balanced.png) from the photographs in
# Fixtures/photos, with the pinboard binary as it is now built.
#
# The commands are the guide's, which writes them to the working folder; here each goes
# into docs/. ReadmeExamplesTests checks that every line below, with `docs/` taken off its
# output, is one of the guide's examples.
#
# usage: scripts/make-doc-pictures.sh [PINBOARD]   (default .build/debug/pinboard)
set -eu

cd "$(dirname "$0")/.."
pinboard=$(realpath "${1:-.build/debug/pinboard}")
if [ ! -x "$pinboard" ]; then
    echo "no pinboard binary at $pinboard; run 'swift build' first" >&2
    exit 1
fi

"$pinboard" Fixtures/photos -o docs/sample-sheet.png -w 600 -c 3 -p 4 -m 8 --background '#f4f1ea'
"$pinboard" Fixtures/photos -o docs/board.png -w 700 -c 3 -m 12 --background '#f4f1ea' --title "Photos from Fixtures/" --label stem --corner-radius 14 --even-bottom --max-crop 30
"$pinboard" Fixtures/photos -o docs/justified.png --layout justified --row-height 150 -w 700 -p 3 -m 8 --background '#f4f1ea'
"$pinboard" Fixtures/photos -o docs/grid.png --layout grid -c 4 -w 700 -p 4 -m 8 --fit cover --crop-focus attention --label stem --background '#f4f1ea'
"$pinboard" Fixtures/photos -o docs/justified-optimal.png --layout justified --breaks optimal --row-height 150 -w 700 -p 3 -m 8 --background '#f4f1ea'
"$pinboard" Fixtures/photos -o docs/balanced.png --placement balanced -w 600 -c 3 -p 4 -m 8 --background '#f4f1ea'

#!/bin/sh
# Makes docs/diff-report.png (the first screen of a `pinboard diff --html` report, as
# headless Chromium draws it) with the pinboard binary as it is now built.
#
# Side A is a folder of one small sheet per photograph in Fixtures/photos; side B is the
# same with four changes a review would catch: one photo with rounded corners, one whose
# Display P3 profile was ignored, one removed, and one added under a hostile name
# (`<img src=x onerror=alert(1)>.png`), which the report must show as text. Each side is
# then laid out as one sheet and the two sheets are compared.
#
# usage: scripts/make-report-screenshot.sh [PINBOARD]   (default .build/debug/pinboard)
set -eu

cd "$(dirname "$0")/.."
pinboard=$(realpath "${1:-.build/debug/pinboard}")
if [ ! -x "$pinboard" ]; then
    echo "no pinboard binary at $pinboard; run 'swift build' first" >&2
    exit 1
fi
command -v chromium >/dev/null || { echo "chromium is not installed (scripts/setup installs it)" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/a" "$work/b"
tile() {  # tile PHOTO OUTPUT [OPTIONS...]: one photograph as a sheet 320 px wide
    photo=$1 output=$2
    shift 2
    "$pinboard" "$photo" -o "$output" -w 320 -c 1 -m 0 -p 0 --background '#f4f1ea' --quiet "$@"
}
for photo in Fixtures/photos/*.*; do
    case "$photo" in *.md) continue ;; esac
    name=$(basename "${photo%.*}")
    tile "$photo" "$work/a/$name.png"
    tile "$photo" "$work/b/$name.png"
done
tile Fixtures/photos/chelsea.jpg "$work/b/chelsea.png" --corner-radius 48
tile Fixtures/photos/coffee-p3.png "$work/b/coffee-p3.png" --ignore-profiles
rm "$work/b/brick.png"
cp "$work/a/camera.png" "$work/b/<img src=x onerror=alert(1)>.png"

cd "$work"
"$pinboard" a -o golden.png --column-width 200 -c 4 --quiet
"$pinboard" b -o current.png --column-width 200 -c 4 --quiet
status=0
"$pinboard" diff golden.png current.png --html report --junit report.xml || status=$?
[ "$status" -eq 1 ] || { echo "pinboard diff exited $status, expected 1" >&2; exit 1; }
cd - >/dev/null
# The report's images load lazily; the time budget lets those on the first screen arrive.
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$work/profile" \
    --window-size=1200,900 --virtual-time-budget=5000 \
    --screenshot="$PWD/docs/diff-report.png" "file://$work/report/index.html" 2>/dev/null
echo "wrote docs/diff-report.png" >&2

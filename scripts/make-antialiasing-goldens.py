#!/usr/bin/env python3
"""Make the pairs and counts that check pinboard's anti-aliasing detection against pixelmatch.

Each pair is drawn with numpy, deterministically: the same circle anti-aliased two ways
(4×4 and 16×16 supersampling), a circle moved by a third of a pixel, thin strokes at two
sub-pixel offsets, half-transparent discs, a solid square added beside an anti-aliased edge,
and grain. Both images of each pair go to Fixtures/antialiasing/ as binary PAM (P7, RGB_ALPHA);
counts.json holds, for each pair and each pixelmatch threshold, the pixels the PyPI port of
pixelmatch counts as different with its anti-aliasing detection on (`includeAA=False`) and
off (`includeAA=True`): RasterTests expects ChangeScanner to find the same numbers.

    python3 scripts/make-antialiasing-goldens.py

Re-running it rewrites the fixtures; commit them with the script. It sets itself up: numpy
and pixelmatch come from .venv/pixelmatch, made by pip from the exact versions in
scripts/requirements-pixelmatch.txt on the first run.
"""

import json
import pathlib

from own_venv import enter

enter("pixelmatch", __doc__)

# Packages outside the standard library come from the script's own environment, after enter().
import numpy as np
from importlib.metadata import version
from pixelmatch import pixelmatch

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "Fixtures" / "antialiasing"
SIZE = 64
THRESHOLDS = [0.0, 0.1]


def coverage(inside, samples):
    """The share of each pixel inside the shape, sampled on a samples×samples grid."""
    offsets = (np.arange(samples) + 0.5) / samples
    y, x = np.mgrid[0:SIZE, 0:SIZE].astype(np.float64)
    total = np.zeros((SIZE, SIZE))
    for dy in offsets:
        for dx in offsets:
            total += inside(x + dx, y + dy)
    return total / (samples * samples)


def circle(cx, cy, r):
    return lambda x, y: ((x - cx) ** 2 + (y - cy) ** 2 <= r * r).astype(np.float64)


def strokes(offset):
    """Three thin diagonal and near-horizontal lines, like the stems of letters."""
    def inside(x, y):
        first = np.abs((y - 10 - offset) - 0.4 * x) < 0.7
        second = np.abs((x - 40 - offset) + 0.2 * y) < 0.6
        third = np.abs(y - 50.3 - offset + 0.05 * x) < 0.5
        return (first | second | third).astype(np.float64)
    return inside


def ink(share, color=(30, 40, 120), paper=(255, 255, 255), alpha=None):
    """Paints `color` over `paper` by the coverage `share`: RGBA uint8."""
    rgb = np.stack([paper[c] + (color[c] - paper[c]) * share for c in range(3)], axis=-1)
    image = np.concatenate([np.round(rgb), np.full((SIZE, SIZE, 1), 255.0)], axis=-1)
    if alpha is not None:
        image[..., 3] = np.round(alpha * 255)
    return image.clip(0, 255).astype(np.uint8)


def pairs():
    yield "circle-supersampled", ink(coverage(circle(31.5, 32.2, 20), 4)), ink(coverage(circle(31.5, 32.2, 20), 16))
    yield "circle-moved", ink(coverage(circle(31.5, 32.2, 20), 8)), ink(coverage(circle(31.83, 32.2, 20), 8))
    yield "strokes-offset", ink(coverage(strokes(0.0), 8)), ink(coverage(strokes(0.35), 8))
    disc_a = coverage(circle(30, 30, 14), 8)
    disc_b = coverage(circle(30.4, 30, 14), 8)
    yield "disc-alpha", ink(np.ones((SIZE, SIZE)), color=(200, 30, 60), alpha=disc_a), ink(
        np.ones((SIZE, SIZE)), color=(200, 30, 60), alpha=disc_b)
    base = coverage(circle(24, 24, 12), 4)
    solid = ink(base)
    changed = ink(coverage(circle(24, 24, 12), 16))
    changed[44:52, 44:52] = (220, 20, 20, 255)
    yield "square-added", solid, changed
    rng = np.random.default_rng(15)
    grain = rng.integers(0, 256, (SIZE, SIZE, 4), dtype=np.uint8)
    grain[..., 3] = 255
    other = grain.copy()
    noise = rng.integers(-12, 13, (SIZE, SIZE, 3))
    other[..., :3] = np.clip(grain[..., :3].astype(int) + noise, 0, 255).astype(np.uint8)
    yield "grain", grain, other


def write_pam(path, image):
    header = "P7\nWIDTH %d\nHEIGHT %d\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n" % (SIZE, SIZE)
    path.write_bytes(header.encode("ascii") + image.tobytes())


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    cases = []
    for name, a, b in pairs():
        write_pam(OUT / f"{name}-a.pam", a)
        write_pam(OUT / f"{name}-b.pam", b)
        flat_a = a.flatten().tolist()
        flat_b = b.flatten().tolist()
        for threshold in THRESHOLDS:
            ignoring = pixelmatch(flat_a, flat_b, SIZE, SIZE, threshold=threshold, includeAA=False)
            counting = pixelmatch(flat_a, flat_b, SIZE, SIZE, threshold=threshold, includeAA=True)
            cases.append({
                "name": name, "threshold": threshold,
                "different": ignoring, "antialiased": counting - ignoring,
            })
            print(f"{name} at {threshold}: {ignoring} different, {counting - ignoring} anti-aliased")
    document = {"pixelmatch": version("pixelmatch"), "width": SIZE, "height": SIZE, "cases": cases}
    (OUT / "counts.json").write_text(json.dumps(document, indent=2) + "\n")


if __name__ == "__main__":
    main()

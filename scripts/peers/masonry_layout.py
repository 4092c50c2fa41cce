"""The masonry geometry every peer in scripts/bench follows, so all tools draw the same sheet.

Column i spans [m + floor(i*(W-2m)/C), m + floor((i+1)*(W-2m)/C)); an image drawn in it
is span - 2p wide and max(1, round-half-up(sh * w / sw)) tall; it goes to the shortest
column (lowest index on ties) at x = left + p, y = offset + p, and the column's offset
grows by h + 2p. The sheet is W wide and max(offset) + m tall.
"""
import os


# The extensions pinboard reads (ImageRegistry.pinboard's formats).
EXTENSIONS = (".png", ".jpg", ".jpeg", ".webp", ".gif", ".tif", ".tiff", ".heic", ".heif", ".hif", ".avif")


def image_files(folder):
    """The folder's images, by pinboard's extensions, in name order (the generated names are
    zero-padded, so this is natural order)."""
    return sorted(os.path.join(folder, name) for name in os.listdir(folder) if name.lower().endswith(EXTENSIONS))


def layout(sizes, width, columns, padding=6, margin=0):
    """sizes: [(w, h)] of the sources. Returns (sheet height, [(column, x, y, w, h)])."""
    inner = width - 2 * margin
    lefts = [margin + i * inner // columns for i in range(columns + 1)]
    offsets = [margin] * columns
    placements = []
    for source_width, source_height in sizes:
        column = offsets.index(min(offsets))
        w = lefts[column + 1] - lefts[column] - 2 * padding
        h = max(1, (2 * source_height * w + source_width) // (2 * source_width))
        placements.append((column, lefts[column] + padding, offsets[column] + padding, w, h))
        offsets[column] += h + 2 * padding
    return max(offsets) + margin, placements

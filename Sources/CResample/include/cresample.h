#ifndef CRESAMPLE_H
#define CRESAMPLE_H

#include <stddef.h>
#include <stdint.h>

/* Raster's resampler passes over whole rows in fixed point, in vector code: premultiplying
 * and resampling a source row across, then summing the ring rows under a destination row
 * and rounding them. Every step is integer arithmetic, so the portable and vector paths give
 * the same bits, whatever order their sums are taken in.
 *
 * Units: a premultiplied source value is 1/128 of an 8-bit level (colour · alpha / 255,
 * so 0…32640); weights are 1/16384 (CRESAMPLE_WEIGHT_ONE) and each destination pixel's
 * add up to exactly that, so a flat colour stays exactly that colour. */

/* The code paths, in the order of their speed. */
enum {
    CRESAMPLE_PORTABLE = 0,
    CRESAMPLE_AVX2 = 1,
    /* AVX2 with AVX-VNNI's fused multiply-add of 16-bit pairs: the passes across and down. */
    CRESAMPLE_AVX2_VNNI = 2,
};

/* What a destination pixel's weights add up to. */
#define CRESAMPLE_WEIGHT_ONE 16384

/* The zero pixels each premultiplied row in the scratch ends with: a destination pixel's
 * taps are read four at a time, so up to three past its last. */
#define CRESAMPLE_ROW_PADDING 4

/* The path in use: the fastest the CPU has, unless cresample_use_path chose a slower one. */
int cresample_path(void);

/* Uses `path`, or the fastest the CPU has below it; returns the path now in use. For tests
 * that compare the paths. */
int cresample_use_path(int path);

/* One weight table: for destination pixel i, `counts[i]` taps from source pixel
 * `starts[i]`, weighted by `weights[i * stride …]`; `stride` is a multiple of 4 and each
 * row's weights are zero past its count. */
typedef struct cresample_axis {
    const ptrdiff_t *starts;
    const ptrdiff_t *counts;
    const int16_t *weights;
    size_t stride;
} cresample_axis;

/* Resamples `rows` source rows (1 to 4) across, row i from the straight 8-bit RGBA of
 * `rgba[i]` into `targets[i]`: `out_width` pixels of 4 values, each Σ premultiplied[k] ·
 * weight[k] / 16384, rounded to a whole level and clamped to [0, 255] levels where the
 * pixel's alpha is exactly full (as Pillow's 8-bit intermediate is), else clamp(round(Σ),
 * 0, 32767) in 1/128. `scratch` holds the rows premultiplied,
 * row i from (source_width + CRESAMPLE_ROW_PADDING) · 4 · i on, its padding pixels zero
 * (the caller zeroes them once; they are never written). Under AVX2 each group of four
 * weights is read once for all the rows, and a group of rows that are all opaque is read
 * straight from `rgba`, giving the same values. */
void cresample_across_rows(const uint8_t *const *rgba, size_t rows, size_t source_width, int16_t *scratch,
                           cresample_axis axis, size_t out_width, int16_t *const *targets);

/* Sums `count` ring rows from ring row `first` on (wrapping at `ring_rows`), each `width`
 * pixels of 4 values, by `weights` (a weight table's row: `count` weights, then a zero when
 * `count` is odd, which AVX2 reads as the last tap's partner); then rounds each sum to
 * 1/128 of a level, clamps alpha to [0, 255] levels and each colour to [0, alpha], and
 * rescales them to 1/65535 into `out` (4 values a pixel). `rows` is the caller's scratch
 * of at least `count` entries, where each tap's row offset is kept. */
void cresample_down(const int16_t *ring, size_t ring_rows, size_t width, size_t first, size_t count,
                    const int16_t *weights, ptrdiff_t *rows, uint16_t *out);

/* The filters cresample_weights samples. */
enum {
    CRESAMPLE_LANCZOS3 = 0,
    CRESAMPLE_BOX = 1,
    CRESAMPLE_BILINEAR = 2,
};

/* Writes a weight table's weights: for each of the `output_size` destination pixels, the
 * `counts[i]` weights of its taps from source pixel `starts[i]` at `weights[i * stride]`
 * (the rest of the row is left as it is), `filter`'s kernel stretched by the reduction
 * factor as Pillow's `precompute_coeffs` does, normalised and rounded to add up to exactly
 * CRESAMPLE_WEIGHT_ONE. `scratch` holds 4 · `stride` doubles; `stride` is at least every
 * count. The same bits on every CPU. */
void cresample_weights(int filter, size_t input_size, size_t output_size, const ptrdiff_t *starts,
                       const ptrdiff_t *counts, size_t stride, double *scratch, int16_t *weights);

/* Composites `count` premultiplied pixels (4 values a pixel, in units of 1/65535) over
 * opaque RGB bytes (3 a pixel) in place: each channel (255·p + b·(65535 − q) + 32767) /
 * 65535, rounded down, as `Band.blendOpaque` has it. */
void cresample_over_rgb(const uint16_t *tile, uint8_t *band, size_t count);

#endif

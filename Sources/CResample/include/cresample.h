#ifndef CRESAMPLE_H
#define CRESAMPLE_H

#include <stddef.h>
#include <stdint.h>

/* Raster's resampler passes over whole rows, in vector code: premultiplying and
 * resampling a source row across, then summing the ring rows under a destination row and
 * rounding them. Every path does the same Float operations in the same order (no fused
 * multiply-add), so the portable, SSE2 and AVX2 builds give the same bits. */

/* The code paths, in the order of their speed. */
enum {
    CRESAMPLE_PORTABLE = 0,
    CRESAMPLE_SSE2 = 1,
    CRESAMPLE_AVX2 = 2,
};

/* The path in use: the fastest the CPU has, unless cresample_use_path chose a slower one. */
int cresample_path(void);

/* Uses `path`, or the fastest the CPU has below it; returns the path now in use. For tests
 * that compare the paths. */
int cresample_use_path(int path);

/* One weight table: for destination pixel i, `counts[i]` taps from source pixel
 * `starts[i]`, weighted by `weights[i * stride …]`. */
typedef struct cresample_axis {
    const ptrdiff_t *starts;
    const ptrdiff_t *counts;
    const float *weights;
    size_t stride;
} cresample_axis;

/* Premultiplies `source_width` straight RGBA pixels into `scratch` (4 floats a pixel, in
 * units of 1/65025) and resamples them across into `target`: `out_width` pixels of 4
 * floats, each Σ source[k] · weight[k] in four interleaved sums over the taps. */
void cresample_across(const uint8_t *rgba, size_t source_width, float *scratch, cresample_axis axis, size_t out_width,
                      float *target);

/* Up to four source rows at once (`rows` of them, 1 to 4), each resampled exactly as
 * cresample_across would, row i from `rgba[i]` into `targets[i]`: `scratch` holds the rows
 * premultiplied side by side (4 · `rows` floats a pixel), so that under AVX2 each tap's
 * weight, read once, is applied to four rows, or a pair, in one step (three rows are a
 * pair and one). */
void cresample_across_rows(const uint8_t *const *rgba, size_t rows, size_t source_width, float *scratch,
                           cresample_axis axis, size_t out_width, float *const *targets);

/* Sums `count` ring rows from ring row `first` on (wrapping at `ring_rows`), each `width`
 * pixels of 4 floats, by `weights`, the first tap's product starting each sum; then
 * rescales the sums from 1/65025 to 1/65535, clamps alpha to [0, 65535] and each colour
 * to [0, alpha], and rounds them half up into `out` (4 values a pixel). `rows` is the
 * caller's scratch of at least `count` entries, where each tap's row offset is kept. */
void cresample_down(const float *ring, size_t ring_rows, size_t width, size_t first, size_t count, const float *weights,
                    ptrdiff_t *rows, uint16_t *out);

/* Composites `count` premultiplied pixels (4 values a pixel, in units of 1/65535) over
 * opaque RGB bytes (3 a pixel) in place: each channel (255·p + b·(65535 − q) + 32767) /
 * 65535, rounded down, as `Band.blendOpaque` has it. */
void cresample_over_rgb(const uint16_t *tile, uint8_t *band, size_t count);

#endif

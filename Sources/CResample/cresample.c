#include "cresample.h"

#include <stdatomic.h>

/* The sums must round exactly as the reference order says on every path: no contraction
 * of a product and a sum into one fused operation, which AVX2 builds would otherwise do. */
#pragma clang fp contract(off)

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#define CRESAMPLE_X86 1
#include <immintrin.h>
#endif

static const float unit_scale = 65535.0f / 65025.0f;

/* ---- portable: one float at a time, the reference for the vector paths ---- */

static void premultiply_portable(const uint8_t *rgba, size_t count, float *out) {
    for (size_t x = 0; x < count; x++) {
        float alpha = (float)rgba[x * 4 + 3];
        for (int channel = 0; channel < 3; channel++) out[x * 4 + channel] = (float)rgba[x * 4 + channel] * alpha;
        out[x * 4 + 3] = alpha * 255.0f;
    }
}

static void across_portable(const float *source, cresample_axis axis, size_t out_width, float *target) {
    for (size_t x = 0; x < out_width; x++) {
        const float *pixels = source + axis.starts[x] * 4;
        const float *weights = axis.weights + x * axis.stride;
        ptrdiff_t count = axis.counts[x];
        for (int channel = 0; channel < 4; channel++) {
            float first = 0, second = 0, third = 0, fourth = 0;
            ptrdiff_t tap = 0;
            for (; tap + 3 < count; tap += 4) {
                first += pixels[tap * 4 + channel] * weights[tap];
                second += pixels[(tap + 1) * 4 + channel] * weights[tap + 1];
                third += pixels[(tap + 2) * 4 + channel] * weights[tap + 2];
                fourth += pixels[(tap + 3) * 4 + channel] * weights[tap + 3];
            }
            for (; tap < count; tap++) first += pixels[tap * 4 + channel] * weights[tap];
            target[x * 4 + channel] = (first + second) + (third + fourth);
        }
    }
}

static inline float clamp(float value, float low, float high) {
    float raised = value > low ? value : low;
    return raised < high ? raised : high;
}

static void down_portable(const float *ring, const ptrdiff_t *rows, size_t count, size_t width, const float *weights,
                          uint16_t *out) {
    for (size_t x = 0; x < width; x++) {
        float sums[4];
        for (int channel = 0; channel < 4; channel++) {
            size_t index = x * 4 + channel;
            float sum = ring[rows[0] + index] * weights[0];
            for (size_t tap = 1; tap < count; tap++) sum += ring[rows[tap] + index] * weights[tap];
            sums[channel] = sum * unit_scale;
        }
        /* Rounding is monotonic, so clamping a colour to its alpha before rounding gives
         * what clamping the rounded values would. */
        float alpha = clamp(sums[3], 0, 65535.0f);
        for (int channel = 0; channel < 4; channel++) {
            out[x * 4 + channel] = (uint16_t)(clamp(clamp(sums[channel], 0, 65535.0f), 0, alpha) + 0.5f);
        }
    }
}

/* "Over" of premultiplied 16-bit pixels onto opaque 8-bit RGB, the sum divided by 65535
 * with shifts and adds (exact for every sum it can meet, 0 to 2·255·65535 + 32767, checked
 * one by one): the same integers as Raster's `Band.blendOpaque`, in a loop the compiler
 * turns into vector code. */
static inline __attribute__((always_inline)) void over_rgb_body(const uint16_t *tile, uint8_t *band, size_t count) {
    for (size_t x = 0; x < count; x++) {
        uint32_t uncovered = 65535u - tile[x * 4 + 3];
        for (int channel = 0; channel < 3; channel++) {
            uint32_t value = 255u * tile[x * 4 + channel] + (uint32_t)band[x * 3 + channel] * uncovered + 32767u;
            band[x * 3 + channel] = (uint8_t)((value + 1u + (value >> 16)) >> 16);
        }
    }
}

static void over_rgb_portable(const uint16_t *tile, uint8_t *band, size_t count) { over_rgb_body(tile, band, count); }

#ifdef CRESAMPLE_X86

/* ---- SSE2 (every x86-64) and AVX2: the same operations, wider where the row allows ---- */

static inline __attribute__((always_inline)) void premultiply_sse2_body(const uint8_t *rgba, size_t count, float *out) {
    const __m128i zero = _mm_setzero_si128();
    for (size_t x = 0; x < count; x++) {
        int32_t pixel;
        __builtin_memcpy(&pixel, rgba + x * 4, 4);
        __m128i bytes = _mm_unpacklo_epi16(_mm_unpacklo_epi8(_mm_cvtsi32_si128(pixel), zero), zero);
        __m128 values = _mm_cvtepi32_ps(bytes);
        __m128 alpha = _mm_shuffle_ps(values, values, 0xFF);
        /* Colour times alpha, alpha times 255: the factors are (a, a, a, 255). */
        __m128 factors = _mm_or_ps(_mm_and_ps(alpha, _mm_castsi128_ps(_mm_set_epi32(0, -1, -1, -1))),
                                   _mm_set_ps(255.0f, 0, 0, 0));
        _mm_storeu_ps(out + x * 4, _mm_mul_ps(values, factors));
    }
}

static inline __attribute__((always_inline)) void across_sse2_body(const float *source, cresample_axis axis,
                                                                   size_t out_width, float *target) {
    for (size_t x = 0; x < out_width; x++) {
        const float *pixels = source + axis.starts[x] * 4;
        const float *weights = axis.weights + x * axis.stride;
        ptrdiff_t count = axis.counts[x];
        __m128 first = _mm_setzero_ps(), second = _mm_setzero_ps(), third = _mm_setzero_ps(), fourth = _mm_setzero_ps();
        ptrdiff_t tap = 0;
        for (; tap + 3 < count; tap += 4) {
            first = _mm_add_ps(first, _mm_mul_ps(_mm_loadu_ps(pixels + tap * 4), _mm_set1_ps(weights[tap])));
            second = _mm_add_ps(second, _mm_mul_ps(_mm_loadu_ps(pixels + (tap + 1) * 4), _mm_set1_ps(weights[tap + 1])));
            third = _mm_add_ps(third, _mm_mul_ps(_mm_loadu_ps(pixels + (tap + 2) * 4), _mm_set1_ps(weights[tap + 2])));
            fourth = _mm_add_ps(fourth, _mm_mul_ps(_mm_loadu_ps(pixels + (tap + 3) * 4), _mm_set1_ps(weights[tap + 3])));
        }
        for (; tap < count; tap++) {
            first = _mm_add_ps(first, _mm_mul_ps(_mm_loadu_ps(pixels + tap * 4), _mm_set1_ps(weights[tap])));
        }
        _mm_storeu_ps(target + x * 4, _mm_add_ps(_mm_add_ps(first, second), _mm_add_ps(third, fourth)));
    }
}

/* Four rounded values, each 0…65535, as 16 bits: biased into the signed range for the
 * saturating pack SSE2 has, and back. */
static inline __attribute__((always_inline)) void store_quantized_sse2(__m128 sums, uint16_t *out) {
    const __m128 ceiling = _mm_set1_ps(65535.0f);
    __m128 clamped = _mm_min_ps(_mm_max_ps(sums, _mm_setzero_ps()), ceiling);
    __m128 alpha = _mm_shuffle_ps(clamped, clamped, 0xFF);
    __m128i rounded = _mm_cvttps_epi32(_mm_add_ps(_mm_min_ps(clamped, alpha), _mm_set1_ps(0.5f)));
    __m128i biased = _mm_sub_epi32(rounded, _mm_set1_epi32(32768));
    __m128i packed = _mm_xor_si128(_mm_packs_epi32(biased, biased), _mm_set1_epi16((short)0x8000));
    _mm_storel_epi64((__m128i *)(void *)out, packed);
}

static inline __attribute__((always_inline)) void down_sse2_body(const float *ring, const ptrdiff_t *rows, size_t count,
                                                                 size_t width, const float *weights, uint16_t *out) {
    const __m128 scale = _mm_set1_ps(unit_scale);
    for (size_t x = 0; x < width; x++) {
        __m128 sum = _mm_mul_ps(_mm_loadu_ps(ring + rows[0] + x * 4), _mm_set1_ps(weights[0]));
        for (size_t tap = 1; tap < count; tap++) {
            sum = _mm_add_ps(sum, _mm_mul_ps(_mm_loadu_ps(ring + rows[tap] + x * 4), _mm_set1_ps(weights[tap])));
        }
        store_quantized_sse2(_mm_mul_ps(sum, scale), out + x * 4);
    }
}

static void premultiply_sse2(const uint8_t *rgba, size_t count, float *out) { premultiply_sse2_body(rgba, count, out); }

static void across_sse2(const float *source, cresample_axis axis, size_t out_width, float *target) {
    across_sse2_body(source, axis, out_width, target);
}

static void down_sse2(const float *ring, const ptrdiff_t *rows, size_t count, size_t width, const float *weights,
                      uint16_t *out) {
    down_sse2_body(ring, rows, count, width, weights, out);
}

#define AVX2 __attribute__((target("avx2")))

/* Two pixels (the low 8 bytes of `pixels`) widened to 32 bits and premultiplied: each
 * pixel's alpha spread over its colours, 255 over its alpha. */
AVX2 static inline __attribute__((always_inline)) __m256 premultiplied_pair_avx2(__m128i pixels) {
    const __m256i spread = _mm256_set_epi32(7, 7, 7, 7, 3, 3, 3, 3);
    const __m256 alpha_lane = _mm256_castsi256_ps(_mm256_set_epi32(-1, 0, 0, 0, -1, 0, 0, 0));
    __m256 values = _mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(pixels));
    __m256 factors = _mm256_blendv_ps(_mm256_permutevar8x32_ps(values, spread), _mm256_set1_ps(255.0f), alpha_lane);
    return _mm256_mul_ps(values, factors);
}

AVX2 static void premultiply_avx2(const uint8_t *rgba, size_t count, float *out) {
    size_t x = 0;
    for (; x + 2 <= count; x += 2) {
        int64_t pair;
        __builtin_memcpy(&pair, rgba + x * 4, 8);
        _mm256_storeu_ps(out + x * 4, premultiplied_pair_avx2(_mm_cvtsi64_si128(pair)));
    }
    premultiply_sse2_body(rgba + x * 4, count - x, out + x * 4);
}

AVX2 static void across_avx2(const float *source, cresample_axis axis, size_t out_width, float *target) {
    across_sse2_body(source, axis, out_width, target);
}

/* Rows' pixels side by side, `rows` of them (2 or 4): pixel k of row i in the i-th four of
 * scratch's k-th 4 · `rows` floats. */
AVX2 static void premultiply_rows_avx2(const uint8_t *const *rgba, size_t rows, size_t count, float *out) {
    size_t x = 0;
    if (rows == 4) {
        /* Four pixels of each row a step, turned about (rows become columns) so that each
         * pixel's four rows lie together. */
        for (; x + 4 <= count; x += 4) {
            __m128i first = _mm_loadu_si128((const __m128i *)(const void *)(rgba[0] + x * 4));
            __m128i second = _mm_loadu_si128((const __m128i *)(const void *)(rgba[1] + x * 4));
            __m128i third = _mm_loadu_si128((const __m128i *)(const void *)(rgba[2] + x * 4));
            __m128i fourth = _mm_loadu_si128((const __m128i *)(const void *)(rgba[3] + x * 4));
            __m128i near_low = _mm_unpacklo_epi32(first, second), far_low = _mm_unpacklo_epi32(third, fourth);
            __m128i near_high = _mm_unpackhi_epi32(first, second), far_high = _mm_unpackhi_epi32(third, fourth);
            __m128i columns[4] = {
                _mm_unpacklo_epi64(near_low, far_low), _mm_unpackhi_epi64(near_low, far_low),
                _mm_unpacklo_epi64(near_high, far_high), _mm_unpackhi_epi64(near_high, far_high),
            };
            for (int column = 0; column < 4; column++) {
                _mm256_storeu_ps(out + (x + column) * 16, premultiplied_pair_avx2(columns[column]));
                _mm256_storeu_ps(out + (x + column) * 16 + 8, premultiplied_pair_avx2(_mm_srli_si128(columns[column], 8)));
            }
        }
        for (; x < count; x++) {
            int32_t first, second, third, fourth;
            __builtin_memcpy(&first, rgba[0] + x * 4, 4);
            __builtin_memcpy(&second, rgba[1] + x * 4, 4);
            __builtin_memcpy(&third, rgba[2] + x * 4, 4);
            __builtin_memcpy(&fourth, rgba[3] + x * 4, 4);
            __m128i pixels = _mm_set_epi32(fourth, third, second, first);
            _mm256_storeu_ps(out + x * 16, premultiplied_pair_avx2(pixels));
            _mm256_storeu_ps(out + x * 16 + 8, premultiplied_pair_avx2(_mm_srli_si128(pixels, 8)));
        }
        return;
    }
    for (; x < count; x++) {
        int32_t first, second;
        __builtin_memcpy(&first, rgba[0] + x * 4, 4);
        __builtin_memcpy(&second, rgba[1] + x * 4, 4);
        _mm256_storeu_ps(out + x * 8, premultiplied_pair_avx2(_mm_set_epi32(0, 0, second, first)));
    }
}

/* One tap of across_sse2_body's sums for two rows at once, the first row's in the low half
 * of the vector and the second's in the high. */
#define CRESAMPLE_TAP_PAIR(sum, pixel, weight) sum = _mm256_add_ps(sum, _mm256_mul_ps(_mm256_loadu_ps(pixel), weight))

/* across_sse2_body for `pairs` pairs of rows (1 or 2) at once, each tap's weight read once
 * for all of them: every row's sums meet the same products in the same order, in half or a
 * quarter of the steps, with four or eight sums in flight. */
AVX2 static inline __attribute__((always_inline)) void across_rows_body(const float *source, cresample_axis axis,
                                                                      size_t out_width, float *const *targets,
                                                                      int pairs) {
    const size_t floats = (size_t)pairs * 8;
    for (size_t x = 0; x < out_width; x++) {
        const float *pixels = source + axis.starts[x] * floats;
        const float *weights = axis.weights + x * axis.stride;
        ptrdiff_t count = axis.counts[x];
        __m256 sums[2][4];
        for (int pair = 0; pair < pairs; pair++) {
            for (int lane = 0; lane < 4; lane++) sums[pair][lane] = _mm256_setzero_ps();
        }
        ptrdiff_t tap = 0;
        for (; tap + 3 < count; tap += 4) {
            for (int lane = 0; lane < 4; lane++) {
                __m256 weight = _mm256_broadcast_ss(weights + tap + lane);
                for (int pair = 0; pair < pairs; pair++) {
                    CRESAMPLE_TAP_PAIR(sums[pair][lane], pixels + (tap + lane) * floats + pair * 8, weight);
                }
            }
        }
        for (; tap < count; tap++) {
            __m256 weight = _mm256_broadcast_ss(weights + tap);
            for (int pair = 0; pair < pairs; pair++) CRESAMPLE_TAP_PAIR(sums[pair][0], pixels + tap * floats + pair * 8, weight);
        }
        for (int pair = 0; pair < pairs; pair++) {
            __m256 sum = _mm256_add_ps(_mm256_add_ps(sums[pair][0], sums[pair][1]), _mm256_add_ps(sums[pair][2], sums[pair][3]));
            _mm_storeu_ps(targets[pair * 2] + x * 4, _mm256_castps256_ps128(sum));
            _mm_storeu_ps(targets[pair * 2 + 1] + x * 4, _mm256_extractf128_ps(sum, 1));
        }
    }
}

AVX2 static void across_pair_avx2(const float *source, cresample_axis axis, size_t out_width, float *const *targets) {
    across_rows_body(source, axis, out_width, targets, 1);
}

AVX2 static void across_quad_avx2(const float *source, cresample_axis axis, size_t out_width, float *const *targets) {
    across_rows_body(source, axis, out_width, targets, 2);
}

/* Two pixels' sums rescaled, clamped and rounded as store_quantized_sse2 does, packed. */
AVX2 static inline __attribute__((always_inline)) __m128i quantize_pair_avx2(__m256 sum) {
    const __m256 scale = _mm256_set1_ps(unit_scale);
    const __m256 ceiling = _mm256_set1_ps(65535.0f);
    __m256 clamped = _mm256_min_ps(_mm256_max_ps(_mm256_mul_ps(sum, scale), _mm256_setzero_ps()), ceiling);
    __m256 alpha = _mm256_permute_ps(clamped, 0xFF);
    __m256i rounded = _mm256_cvttps_epi32(_mm256_add_ps(_mm256_min_ps(clamped, alpha), _mm256_set1_ps(0.5f)));
    return _mm256_castsi256_si128(_mm256_permute4x64_epi64(_mm256_packus_epi32(rounded, rounded), 0x08));
}

/* Eight pixels a step as four pairs, so that four chains of sums are in flight at once
 * (each tap's sum waits on the one before it, which is what the order asks for; one chain
 * at a time kept the processor waiting), then a pair, then SSE2's one. */
AVX2 static void down_avx2(const float *ring, const ptrdiff_t *rows, size_t count, size_t width, const float *weights,
                           uint16_t *out) {
    size_t x = 0;
    for (; x + 8 <= width; x += 8) {
        const float *base = ring + rows[0] + x * 4;
        __m256 weight = _mm256_set1_ps(weights[0]);
        __m256 a = _mm256_mul_ps(_mm256_loadu_ps(base), weight);
        __m256 b = _mm256_mul_ps(_mm256_loadu_ps(base + 8), weight);
        __m256 c = _mm256_mul_ps(_mm256_loadu_ps(base + 16), weight);
        __m256 d = _mm256_mul_ps(_mm256_loadu_ps(base + 24), weight);
        for (size_t tap = 1; tap < count; tap++) {
            base = ring + rows[tap] + x * 4;
            weight = _mm256_set1_ps(weights[tap]);
            a = _mm256_add_ps(a, _mm256_mul_ps(_mm256_loadu_ps(base), weight));
            b = _mm256_add_ps(b, _mm256_mul_ps(_mm256_loadu_ps(base + 8), weight));
            c = _mm256_add_ps(c, _mm256_mul_ps(_mm256_loadu_ps(base + 16), weight));
            d = _mm256_add_ps(d, _mm256_mul_ps(_mm256_loadu_ps(base + 24), weight));
        }
        _mm_storeu_si128((__m128i *)(void *)(out + x * 4), quantize_pair_avx2(a));
        _mm_storeu_si128((__m128i *)(void *)(out + x * 4 + 8), quantize_pair_avx2(b));
        _mm_storeu_si128((__m128i *)(void *)(out + x * 4 + 16), quantize_pair_avx2(c));
        _mm_storeu_si128((__m128i *)(void *)(out + x * 4 + 24), quantize_pair_avx2(d));
    }
    for (; x + 2 <= width; x += 2) {
        __m256 sum = _mm256_mul_ps(_mm256_loadu_ps(ring + rows[0] + x * 4), _mm256_set1_ps(weights[0]));
        for (size_t tap = 1; tap < count; tap++) {
            sum = _mm256_add_ps(sum, _mm256_mul_ps(_mm256_loadu_ps(ring + rows[tap] + x * 4), _mm256_set1_ps(weights[tap])));
        }
        _mm_storeu_si128((__m128i *)(void *)(out + x * 4), quantize_pair_avx2(sum));
    }
    down_sse2_body(ring + x * 4, rows, count, width - x, weights, out + x * 4);
}

AVX2 static void over_rgb_avx2(const uint16_t *tile, uint8_t *band, size_t count) { over_rgb_body(tile, band, count); }

static int fastest_path(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") ? CRESAMPLE_AVX2 : CRESAMPLE_SSE2;
}

#else

static int fastest_path(void) { return CRESAMPLE_PORTABLE; }

#endif

/* -1 until the first call picks the fastest path; written once, read by every tile thread. */
static _Atomic int chosen_path = -1;

int cresample_path(void) {
    int path = atomic_load_explicit(&chosen_path, memory_order_relaxed);
    if (path < 0) {
        path = fastest_path();
        atomic_store_explicit(&chosen_path, path, memory_order_relaxed);
    }
    return path;
}

int cresample_use_path(int path) {
    int fastest = fastest_path();
    int chosen = path < CRESAMPLE_PORTABLE ? CRESAMPLE_PORTABLE : (path > fastest ? fastest : path);
    atomic_store_explicit(&chosen_path, chosen, memory_order_relaxed);
    return chosen;
}

void cresample_across(const uint8_t *rgba, size_t source_width, float *scratch, cresample_axis axis, size_t out_width,
                      float *target) {
    switch (cresample_path()) {
#ifdef CRESAMPLE_X86
    case CRESAMPLE_AVX2:
        premultiply_avx2(rgba, source_width, scratch);
        across_avx2(scratch, axis, out_width, target);
        return;
    case CRESAMPLE_SSE2:
        premultiply_sse2(rgba, source_width, scratch);
        across_sse2(scratch, axis, out_width, target);
        return;
#endif
    default:
        premultiply_portable(rgba, source_width, scratch);
        across_portable(scratch, axis, out_width, target);
    }
}

void cresample_across_rows(const uint8_t *const *rgba, size_t rows, size_t source_width, float *scratch,
                           cresample_axis axis, size_t out_width, float *const *targets) {
    size_t row = 0;
#ifdef CRESAMPLE_X86
    if (cresample_path() == CRESAMPLE_AVX2 && rows >= 2) {
        row = rows == 4 ? 4 : 2;
        premultiply_rows_avx2(rgba, row, source_width, scratch);
        (row == 4 ? across_quad_avx2 : across_pair_avx2)(scratch, axis, out_width, targets);
    }
#endif
    for (; row < rows; row++) cresample_across(rgba[row], source_width, scratch, axis, out_width, targets[row]);
}

void cresample_down(const float *ring, size_t ring_rows, size_t width, size_t first, size_t count, const float *weights,
                    ptrdiff_t *rows, uint16_t *out) {
    /* Each tap's ring row found once a destination row, not once a pixel: a division in
     * the pixel loop cost more than the sums. */
    size_t row = first % ring_rows;
    for (size_t tap = 0; tap < count; tap++) {
        rows[tap] = (ptrdiff_t)(row * width * 4);
        row = row + 1 == ring_rows ? 0 : row + 1;
    }
    switch (cresample_path()) {
#ifdef CRESAMPLE_X86
    case CRESAMPLE_AVX2: down_avx2(ring, rows, count, width, weights, out); return;
    case CRESAMPLE_SSE2: down_sse2(ring, rows, count, width, weights, out); return;
#endif
    default: down_portable(ring, rows, count, width, weights, out);
    }
}

void cresample_over_rgb(const uint16_t *tile, uint8_t *band, size_t count) {
#ifdef CRESAMPLE_X86
    if (cresample_path() == CRESAMPLE_AVX2) {
        over_rgb_avx2(tile, band, count);
        return;
    }
#endif
    over_rgb_portable(tile, band, count);
}

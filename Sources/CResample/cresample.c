#include "cresample.h"

#include <stdatomic.h>
#include <string.h>

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#define CRESAMPLE_X86 1
#include <immintrin.h>
#endif

enum {
    /* A weighted sum back in its values' units: 14 bits off, half up. */
    WEIGHT_BITS = 14,
    WEIGHT_HALF = 1 << (WEIGHT_BITS - 1),
    /* A whole 8-bit level, 255, in units of 1/128. */
    FULL_LEVEL = 255 * 128,
    /* The most a pass across keeps of a translucent pixel: overshoot above a full level,
     * as far as 16 bits hold. */
    ACROSS_TOP = 32767,
    /* An opaque pixel's sums rounded to whole levels (see across_portable): 14 bits of
     * weight and 7 of the 1/128 units off, half up, and the bits below a level in 1/128. */
    LEVEL_BITS = WEIGHT_BITS + 7,
    LEVEL_HALF = 1 << (LEVEL_BITS - 1),
    BELOW_LEVEL = 127,
    /* An opaque row's sums, taken from its bytes (see across_rows_body): a level is 2^14
     * of them, and 7 bits off leave 1/128 of a level. */
    OPAQUE_HALF = 1 << (WEIGHT_BITS - 1),
    OPAQUE_BITS = WEIGHT_BITS - 7,
};

/* ---- portable: the reference for the vector path ---- */

/* c · a / 255 in units of 1/128 of a level, from the product x = c · a (0…65025): within
 * 0.8 of a unit of the exact quotient, exact for an opaque pixel (x = 255 · c gives
 * 128 · c), and 16 bits wide throughout, so that vector code takes sixteen values a step. */
static inline int16_t premultiplied(uint32_t x) { return (int16_t)((x + ((x + 64) >> 8) + 1) >> 1); }

/* Alpha is the fourth value, and is itself scaled as a colour of alpha 255 would be. */
static void premultiply_portable(const uint8_t *rgba, size_t count, int16_t *out) {
    for (size_t x = 0; x < count; x++) {
        uint32_t alpha = rgba[x * 4 + 3];
        for (int channel = 0; channel < 3; channel++) out[x * 4 + channel] = premultiplied(rgba[x * 4 + channel] * alpha);
        out[x * 4 + 3] = premultiplied(255u * alpha);
    }
}

static inline int32_t clamp(int32_t value, int32_t low, int32_t high) {
    return value < low ? low : (value > high ? high : value);
}

/* Signed shifts are arithmetic in the compilers that build this (GCC and Clang define
 * them so), as AVX2's are. */
static inline int32_t unweighted(int32_t sum) { return (sum + WEIGHT_HALF) >> WEIGHT_BITS; }

/* A pixel whose alpha comes out exactly full (as when its taps are all opaque, in every
 * photograph) has its colours rounded to whole levels and clamped to [0, 255] levels, kept
 * in 1/128 as the pass down reads them: Pillow rounds its pass across to 8 bits (`clip8`)
 * before its pass down, and rounding where it rounds takes an opaque sheet from 54.6 dB of
 * Pillow's `resize` to 68.8 dB and more. Any other pixel keeps 1/128 of a level, up to
 * ACROSS_TOP: premultiplied colours at low alpha would lose their hue in whole levels. */
static void across_portable(const int16_t *source, cresample_axis axis, size_t out_width, int16_t *target) {
    for (size_t x = 0; x < out_width; x++) {
        const int16_t *pixels = source + axis.starts[x] * 4;
        const int16_t *weights = axis.weights + x * axis.stride;
        ptrdiff_t count = axis.counts[x];
        int32_t sums[4] = {0, 0, 0, 0};
        for (ptrdiff_t tap = 0; tap < count; tap++) {
            for (int channel = 0; channel < 4; channel++) sums[channel] += pixels[tap * 4 + channel] * weights[tap];
        }
        int opaque = clamp(unweighted(sums[3]), 0, ACROSS_TOP) == FULL_LEVEL;
        for (int channel = 0; channel < 4; channel++) {
            target[x * 4 + channel] = (int16_t)(opaque ? clamp((sums[channel] + LEVEL_HALF) >> LEVEL_BITS, 0, 255) * 128
                                                       : clamp(unweighted(sums[channel]), 0, ACROSS_TOP));
        }
    }
}

/* One pixel's four sums of the pass down: rounded to 1/128 of a level, alpha clamped to a
 * whole level and each colour to the alpha (lanczos overshoots, and a premultiplied colour
 * above its alpha would un-premultiply past full), then rescaled to 1/65535 as
 * u · 257 / 128, half up, which is exact for whole levels. */
static inline void finish_pixel(const int32_t *sums, uint16_t *out) {
    int32_t alpha = clamp(unweighted(sums[3]), 0, FULL_LEVEL);
    for (int channel = 0; channel < 4; channel++) {
        int32_t value = channel == 3 ? alpha : clamp(unweighted(sums[channel]), 0, alpha);
        out[channel] = (uint16_t)((value * 257 + 64) >> 7);
    }
}

static void down_portable(const int16_t *ring, const ptrdiff_t *rows, size_t count, size_t width,
                          const int16_t *weights, uint16_t *out) {
    for (size_t x = 0; x < width; x++) {
        int32_t sums[4] = {0, 0, 0, 0};
        for (size_t tap = 0; tap < count; tap++) {
            const int16_t *pixel = ring + rows[tap] + x * 4;
            for (int channel = 0; channel < 4; channel++) sums[channel] += pixel[channel] * weights[tap];
        }
        finish_pixel(sums, out + x * 4);
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

/* ---- AVX2: the same integers, sixteen 16-bit values a step ---- */

#define AVX2 __attribute__((target("avx2")))

/* The passes' bodies compiled again where the CPU has AVX-VNNI: the compiler then fuses
 * each vpmaddwd and the vpaddd taking its sums into one vpdpwssd, which adds the same
 * 32-bit sums (both wrap alike), and the passes take a sixth less time. The fusing is
 * the compiler's own, so the bodies stay one source. */
#define AVX2_VNNI __attribute__((target("avx2,avxvnni")))

/* Each pixel's alpha, its fourth 16-bit value, spread over its four. */
AVX2 static inline __attribute__((always_inline)) __m256i alphas_spread(__m256i pixels) {
    const __m256i spread = _mm256_setr_epi8(6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15,
                                            6, 7, 6, 7, 6, 7, 6, 7, 14, 15, 14, 15, 14, 15, 14, 15);
    return _mm256_shuffle_epi8(pixels, spread);
}

/* Four pixels a step: each pixel's alpha spread over its colours and 255 over the alpha,
 * the products rounded as `premultiplied` rounds them. */
AVX2 static void premultiply_avx2(const uint8_t *rgba, size_t count, int16_t *out) {
    const __m256i full = _mm256_set1_epi16(255);
    const __m256i one = _mm256_set1_epi16(1);
    const __m256i bias = _mm256_set1_epi16(64);
    size_t x = 0;
    for (; x + 4 <= count; x += 4) {
        __m256i values = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(const void *)(rgba + x * 4)));
        __m256i factors = _mm256_blend_epi16(alphas_spread(values), full, 0x88);
        __m256i product = _mm256_mullo_epi16(values, factors);
        __m256i nudge = _mm256_srli_epi16(_mm256_add_epi16(product, bias), 8);
        __m256i rounded = _mm256_srli_epi16(_mm256_add_epi16(_mm256_add_epi16(product, nudge), one), 1);
        _mm256_storeu_si256((__m256i *)(void *)(out + x * 4), rounded);
    }
    premultiply_portable(rgba + x * 4, count - x, out + x * 4);
}

/* Whether every pixel of the row has alpha 255: then its premultiplied values are its
 * bytes times 128, which the pass across can take straight from the row. */
AVX2 static int opaque_avx2(const uint8_t *rgba, size_t count) {
    __m256i all = _mm256_set1_epi8(-1);
    size_t x = 0;
    for (; x + 8 <= count; x += 8) all = _mm256_and_si256(all, _mm256_loadu_si256((const __m256i *)(const void *)(rgba + x * 4)));
    uint32_t full = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(all, _mm256_set1_epi8(-1)));
    if ((full & 0x88888888u) != 0x88888888u) return 0;
    for (; x < count; x++) {
        if (rgba[x * 4 + 3] != 255) return 0;
    }
    return 1;
}

/* Two rows' values of two taps, one row a half, each channel's two taps side by side as
 * vpmaddwd pairs them: from `pixels` holding four bytes a pixel (an opaque row's), the
 * taps at bytes `first` and `first + 4` of each half, zero-extended by the shuffle. */
AVX2 static inline __attribute__((always_inline)) __m256i paired_bytes(__m256i pixels, int first) {
    const char z = (char)0x80;
    const char a = (char)first, b = (char)(first + 4);
    const __m256i order = _mm256_setr_epi8(a, z, b, z, a + 1, z, b + 1, z, a + 2, z, b + 2, z, a + 3, z, b + 3, z,
                                           a, z, b, z, a + 1, z, b + 1, z, a + 2, z, b + 2, z, a + 3, z, b + 3, z);
    return _mm256_shuffle_epi8(pixels, order);
}

/* Two rows' sixteen bytes in one register, the first row's in the low half. */
AVX2 static inline __attribute__((always_inline)) __m256i two_rows(__m128i low, __m128i high) {
    return _mm256_inserti128_si256(_mm256_castsi128_si256(low), high, 1);
}

/* Sixteen bytes at `at`. */
AVX2 static inline __attribute__((always_inline)) __m128i bytes_at(const void *at) {
    return _mm_loadu_si128((const __m128i *)at);
}

/* Four pixels of an opaque row from `pixels`, of which only the first `valid` lie inside
 * the row: the others are read as zero, and never touched (a masked load does not fault). */
AVX2 static inline __attribute__((always_inline)) __m128i pixels_inside(const uint8_t *pixels, ptrdiff_t valid) {
    if (valid >= 4) return bytes_at(pixels);
    __m128i mask = _mm_cmpgt_epi32(_mm_set1_epi32((int)valid), _mm_setr_epi32(0, 1, 2, 3));
    return _mm_maskload_epi32((const int *)(const void *)pixels, mask);
}

/* One group of four taps added to the sums of `rows` rows, two rows a register (one a
 * half; an odd last row is taken twice): each pair of taps' values reordered so that each
 * channel's two taps lie side by side, multiplied and summed in pairs (vpmaddwd) by the
 * pair's two weights, broadcast straight from the table and read once for all the rows.
 * `first` is the group's first value in each row; an opaque row's group has `valid`
 * pixels inside the row (4 but at its end). */
AVX2 static inline __attribute__((always_inline)) void across_group(__m256i *sums, const void *const *sources,
                                                                  ptrdiff_t first, const int16_t *weights,
                                                                  int rows, int opaque, ptrdiff_t valid) {
    const __m256i pair_taps = _mm256_setr_epi8(0, 1, 8, 9, 2, 3, 10, 11, 4, 5, 12, 13, 6, 7, 14, 15,
                                               0, 1, 8, 9, 2, 3, 10, 11, 4, 5, 12, 13, 6, 7, 14, 15);
    int32_t first_weights, second_weights;
    memcpy(&first_weights, weights, sizeof first_weights);
    memcpy(&second_weights, weights + 2, sizeof second_weights);
    const __m256i first_pair = _mm256_set1_epi32(first_weights);
    const __m256i second_pair = _mm256_set1_epi32(second_weights);
    for (int pair = 0; pair < (rows + 1) / 2; pair++) {
        int low = pair * 2, high = low + 1 < rows ? low + 1 : low;
        __m256i taps01, taps23;
        if (opaque) {
            __m256i pixels = two_rows(pixels_inside((const uint8_t *)sources[low] + first, valid),
                                      pixels_inside((const uint8_t *)sources[high] + first, valid));
            taps01 = paired_bytes(pixels, 0);
            taps23 = paired_bytes(pixels, 8);
        } else {
            const int16_t *a = (const int16_t *)sources[low] + first, *b = (const int16_t *)sources[high] + first;
            taps01 = _mm256_shuffle_epi8(two_rows(bytes_at(a), bytes_at(b)), pair_taps);
            taps23 = _mm256_shuffle_epi8(two_rows(bytes_at(a + 8), bytes_at(b + 8)), pair_taps);
        }
        sums[pair] = _mm256_add_epi32(sums[pair], _mm256_add_epi32(_mm256_madd_epi16(taps01, first_pair),
                                                                   _mm256_madd_epi16(taps23, second_pair)));
    }
}

/* The sums across of destination pixel `x` for `rows` rows (1 to 4), four taps a step
 * (across_group), into `sums` (one register for each two rows). The last group of a
 * destination pixel, which may reach past the end of an opaque row, reads the pixels
 * inside it only (their weights past the window are zero). */
AVX2 static inline __attribute__((always_inline)) void across_sums(__m256i *sums, const void *const *sources,
                                                                 size_t source_width, cresample_axis axis, size_t x,
                                                                 int rows, int opaque) {
    ptrdiff_t start = axis.starts[x];
    const int16_t *weights = axis.weights + x * axis.stride;
    ptrdiff_t last = (axis.counts[x] - 1) / 4;
    sums[0] = sums[1] = _mm256_setzero_si256();
    for (ptrdiff_t group = 0; group < last; group++) {
        across_group(sums, sources, (start + group * 4) * 4, weights + group * 4, rows, opaque, 4);
    }
    across_group(sums, sources, (start + last * 4) * 4, weights + last * 4, rows, opaque,
                 (ptrdiff_t)source_width - (start + last * 4));
}

/* Sums rounded as across_portable rounds them and packed to 16 bits, the first register's
 * in each half's low 64 bits, the second's in the high. To 1/128: shifted with half a unit
 * added, packed (saturating at ACROSS_TOP) and negatives taken to 0. To whole levels: half
 * a level added instead, clamped to [0, FULL_LEVEL] and the bits below a level cleared,
 * which is the portable shift by 21 and back by 7, as an arithmetic shift rounds down
 * alike. `opaque` rows' sums are in bytes, not 1/128 (see across_rows_body), and every
 * pixel of them is opaque; other rows' pixels take whole levels where their alpha is full. */
AVX2 static inline __attribute__((always_inline)) __m256i across_packed(__m256i first, __m256i second, int opaque) {
    const __m256i full = _mm256_set1_epi16(FULL_LEVEL);
    const __m256i below = _mm256_set1_epi16(BELOW_LEVEL);
    const __m256i zero = _mm256_setzero_si256();
    const int shift = opaque ? OPAQUE_BITS : WEIGHT_BITS;
    const __m256i level_half = _mm256_set1_epi32(opaque ? OPAQUE_HALF : LEVEL_HALF);
    __m256i levels = _mm256_max_epi16(_mm256_packs_epi32(_mm256_srai_epi32(_mm256_add_epi32(first, level_half), shift),
                                                         _mm256_srai_epi32(_mm256_add_epi32(second, level_half), shift)),
                                      zero);
    levels = _mm256_andnot_si256(below, _mm256_min_epi16(levels, full));
    if (opaque) return levels;
    const __m256i half = _mm256_set1_epi32(WEIGHT_HALF);
    __m256i fine = _mm256_max_epi16(_mm256_packs_epi32(_mm256_srai_epi32(_mm256_add_epi32(first, half), WEIGHT_BITS),
                                                       _mm256_srai_epi32(_mm256_add_epi32(second, half), WEIGHT_BITS)),
                                    zero);
    __m256i opaque_pixels = _mm256_cmpeq_epi16(alphas_spread(fine), full);
    return _mm256_blendv_epi8(fine, levels, opaque_pixels);
}

/* The pass across for `rows` rows (1 to 4) at once. A register's half sums one row's four
 * channels, so no sums are added across halves at the end, and an odd last row's copy is
 * not stored. Destination pixels are taken two at a time, their sums packed together and
 * stored sixteen bytes a row; an odd last one alone.
 *
 * `opaque` rows are read as bytes, straight from the caller's rows: their premultiplied
 * values would be 128 times their bytes, and (128 · Σ + 2^20) >> 14 is (Σ + 2^13) >> 7, so
 * the sums are shifted by 7 bits instead of 14 and come out the same. */
AVX2 static inline __attribute__((always_inline)) void across_rows_body(const void *const *sources,
                                                                      size_t source_width, cresample_axis axis,
                                                                      size_t out_width, int16_t *const *targets,
                                                                      int rows, int opaque) {
    size_t x = 0;
    for (; x + 2 <= out_width; x += 2) {
        __m256i first[2], second[2];
        across_sums(first, sources, source_width, axis, x, rows, opaque);
        across_sums(second, sources, source_width, axis, x + 1, rows, opaque);
        for (int pair = 0; pair < (rows + 1) / 2; pair++) {
            __m256i packed = across_packed(first[pair], second[pair], opaque);
            int low = pair * 2;
            _mm_storeu_si128((__m128i *)(void *)(targets[low] + x * 4), _mm256_castsi256_si128(packed));
            if (low + 1 < rows) {
                _mm_storeu_si128((__m128i *)(void *)(targets[low + 1] + x * 4), _mm256_extracti128_si256(packed, 1));
            }
        }
    }
    if (x < out_width) {
        __m256i sums[2];
        across_sums(sums, sources, source_width, axis, x, rows, opaque);
        for (int pair = 0; pair < (rows + 1) / 2; pair++) {
            __m256i packed = across_packed(sums[pair], sums[pair], opaque);
            int low = pair * 2;
            _mm_storel_epi64((__m128i *)(void *)(targets[low] + x * 4), _mm256_castsi256_si128(packed));
            if (low + 1 < rows) {
                _mm_storel_epi64((__m128i *)(void *)(targets[low + 1] + x * 4), _mm256_extracti128_si256(packed, 1));
            }
        }
    }
}

/* across_rows_body with the number of rows and the kind of source fixed, so that each
 * is compiled with its loops over rows unrolled. */
AVX2 static inline __attribute__((always_inline)) void across_body(const void *const *sources, size_t rows,
                                                                 size_t source_width, cresample_axis axis,
                                                                 size_t out_width, int16_t *const *targets,
                                                                 int opaque) {
    switch (rows * 2 + (opaque ? 1 : 0)) {
    case 2: across_rows_body(sources, source_width, axis, out_width, targets, 1, 0); return;
    case 3: across_rows_body(sources, source_width, axis, out_width, targets, 1, 1); return;
    case 4: across_rows_body(sources, source_width, axis, out_width, targets, 2, 0); return;
    case 5: across_rows_body(sources, source_width, axis, out_width, targets, 2, 1); return;
    case 6: across_rows_body(sources, source_width, axis, out_width, targets, 3, 0); return;
    case 7: across_rows_body(sources, source_width, axis, out_width, targets, 3, 1); return;
    case 8: across_rows_body(sources, source_width, axis, out_width, targets, 4, 0); return;
    default: across_rows_body(sources, source_width, axis, out_width, targets, 4, 1); return;
    }
}

AVX2 static void across_avx2(const void *const *sources, size_t rows, size_t source_width, cresample_axis axis,
                             size_t out_width, int16_t *const *targets, int opaque) {
    across_body(sources, rows, source_width, axis, out_width, targets, opaque);
}

AVX2_VNNI static void across_vnni(const void *const *sources, size_t rows, size_t source_width, cresample_axis axis,
                                  size_t out_width, int16_t *const *targets, int opaque) {
    across_body(sources, rows, source_width, axis, out_width, targets, opaque);
}

/* Four pixels finished as finish_pixel does, from the sums of their low pixels in each
 * half (`low`) and of their high ones (`high`): rounded, then packed to 16 bits (which
 * takes negative sums to 0; none reaches 65536, since ring values are at most 32767 and a
 * row's weights add up in magnitude to less than twice one), the clamps and the rescale
 * taken on sixteen values a step. u · 257 / 128 half up is 2u + (u + 64) / 128 exactly,
 * as 256u / 128 is a whole number, and stays within 16 bits for u up to a full level. */
AVX2 static inline __attribute__((always_inline)) __m256i finished_avx2(__m256i low, __m256i high) {
    const __m256i half = _mm256_set1_epi32(WEIGHT_HALF);
    __m256i values = _mm256_packus_epi32(_mm256_srai_epi32(_mm256_add_epi32(low, half), WEIGHT_BITS),
                                         _mm256_srai_epi32(_mm256_add_epi32(high, half), WEIGHT_BITS));
    __m256i alpha = _mm256_min_epu16(alphas_spread(values), _mm256_set1_epi16(FULL_LEVEL));
    values = _mm256_min_epu16(values, alpha);
    __m256i fraction = _mm256_srli_epi16(_mm256_add_epi16(values, _mm256_set1_epi16(64)), 7);
    return _mm256_add_epi16(_mm256_add_epi16(values, values), fraction);
}

/* The pass down for 4 · `quads` pixels (1 or 4 quads): two taps a step, their rows'
 * values interleaved and multiplied and summed in pairs by the two weights, read as one
 * 32-bit word from the table and broadcast (an odd last tap is paired with the zero past
 * the window's weights, every row of the table being zero past its count), with
 * 2 · `quads` chains of sums in flight. */
AVX2 static inline __attribute__((always_inline)) void down_quads(const int16_t *ring, const ptrdiff_t *rows,
                                                                size_t count, const int16_t *weights,
                                                                uint16_t *out, int quads) {
    __m256i sums[4][2];
    for (int quad = 0; quad < quads; quad++) sums[quad][0] = sums[quad][1] = _mm256_setzero_si256();
    for (size_t tap = 0; tap < count; tap += 2) {
        const int16_t *upper = ring + rows[tap];
        const int16_t *lower = ring + rows[tap + 1 < count ? tap + 1 : tap];
        int32_t pair;
        memcpy(&pair, weights + tap, sizeof pair);
        const __m256i weight = _mm256_set1_epi32(pair);
        for (int quad = 0; quad < quads; quad++) {
            __m256i a = _mm256_loadu_si256((const __m256i *)(const void *)(upper + quad * 16));
            __m256i b = _mm256_loadu_si256((const __m256i *)(const void *)(lower + quad * 16));
            sums[quad][0] = _mm256_add_epi32(sums[quad][0], _mm256_madd_epi16(_mm256_unpacklo_epi16(a, b), weight));
            sums[quad][1] = _mm256_add_epi32(sums[quad][1], _mm256_madd_epi16(_mm256_unpackhi_epi16(a, b), weight));
        }
    }
    /* Each half's low pixel is in the first sums, its high pixel in the second: packing
     * them half by half puts the four pixels back in order. */
    for (int quad = 0; quad < quads; quad++) {
        _mm256_storeu_si256((__m256i *)(void *)(out + quad * 16), finished_avx2(sums[quad][0], sums[quad][1]));
    }
}

AVX2 static inline __attribute__((always_inline)) void down_body(const int16_t *ring, const ptrdiff_t *rows,
                                                               size_t count, size_t width, const int16_t *weights,
                                                               uint16_t *out) {
    size_t x = 0;
    for (; x + 16 <= width; x += 16) down_quads(ring + x * 4, rows, count, weights, out + x * 4, 4);
    for (; x + 4 <= width; x += 4) down_quads(ring + x * 4, rows, count, weights, out + x * 4, 1);
    down_portable(ring + x * 4, rows, count, width - x, weights, out + x * 4);
}

AVX2 static void down_avx2(const int16_t *ring, const ptrdiff_t *rows, size_t count, size_t width,
                           const int16_t *weights, uint16_t *out) {
    down_body(ring, rows, count, width, weights, out);
}

AVX2_VNNI static void down_vnni(const int16_t *ring, const ptrdiff_t *rows, size_t count, size_t width,
                                const int16_t *weights, uint16_t *out) {
    down_body(ring, rows, count, width, weights, out);
}

/* over_rgb for eight pixels at a time. Where all eight are opaque (most of a sheet of
 * photographs) the band is not read: the formula is then (255 · p + 32767) / 65535, which
 * for every p of 16 bits is (q − q / 256) / 256 with q = p + 128 saturated to 16 bits
 * (checked for all 65,536), taken on sixteen values a step; the bytes are packed, the
 * alphas dropped and the 24 bytes stored. Other groups take the formula as it is. */
AVX2 static void over_rgb_avx2(const uint16_t *tile, uint8_t *band, size_t count) {
    const __m256i alphas = _mm256_set1_epi64x((long long)0xFFFF000000000000ull);
    const __m256i bias = _mm256_set1_epi16(128);
    const __m256i rgb = _mm256_setr_epi8(0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1,
                                         0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1);
    size_t x = 0;
    for (; x + 8 <= count; x += 8) {
        __m256i low = _mm256_loadu_si256((const __m256i *)(const void *)(tile + x * 4));
        __m256i high = _mm256_loadu_si256((const __m256i *)(const void *)(tile + x * 4 + 16));
        __m256i covered = _mm256_cmpeq_epi16(_mm256_and_si256(_mm256_and_si256(low, high), alphas), alphas);
        if ((uint32_t)_mm256_movemask_epi8(covered) != 0xFFFFFFFFu) {
            over_rgb_body(tile + x * 4, band + x * 3, 8);
            continue;
        }
        __m256i q = _mm256_adds_epu16(low, bias), r = _mm256_adds_epu16(high, bias);
        low = _mm256_srli_epi16(_mm256_sub_epi16(q, _mm256_srli_epi16(q, 8)), 8);
        high = _mm256_srli_epi16(_mm256_sub_epi16(r, _mm256_srli_epi16(r, 8)), 8);
        /* The pack interleaves the halves (pixels 0, 1, 4, 5 | 2, 3, 6, 7); the permute puts
         * pixels 0-3 in the low half and 4-7 in the high one, the shuffle drops each alpha. */
        __m256i bytes = _mm256_shuffle_epi8(_mm256_permute4x64_epi64(_mm256_packus_epi16(low, high), 0xD8), rgb);
        __m128i second = _mm256_extracti128_si256(bytes, 1);
        /* The first half's four spare bytes land where the second half's first four go next. */
        _mm_storeu_si128((__m128i *)(void *)(band + x * 3), _mm256_castsi256_si128(bytes));
        _mm_storel_epi64((__m128i *)(void *)(band + x * 3 + 12), second);
        uint32_t last = (uint32_t)_mm_extract_epi32(second, 2);
        memcpy(band + x * 3 + 20, &last, sizeof last);
    }
    over_rgb_body(tile + x * 4, band + x * 3, count - x);
}

static int fastest_path(void) {
    __builtin_cpu_init();
    if (!__builtin_cpu_supports("avx2")) return CRESAMPLE_PORTABLE;
    return __builtin_cpu_supports("avxvnni") ? CRESAMPLE_AVX2_VNNI : CRESAMPLE_AVX2;
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

void cresample_across_rows(const uint8_t *const *rgba, size_t rows, size_t source_width, int16_t *scratch,
                           cresample_axis axis, size_t out_width, int16_t *const *targets) {
    const size_t count = rows < 4 ? rows : 4;
    int16_t *premultiplied_rows[4];
    for (size_t row = 0; row < count; row++) premultiplied_rows[row] = scratch + row * (source_width + CRESAMPLE_ROW_PADDING) * 4;
#ifdef CRESAMPLE_X86
    int path = cresample_path();
    if (path >= CRESAMPLE_AVX2) {
        int opaque = 1;
        for (size_t row = 0; row < count && opaque; row++) opaque = opaque_avx2(rgba[row], source_width);
        if (!opaque) {
            for (size_t row = 0; row < count; row++) premultiply_avx2(rgba[row], source_width, premultiplied_rows[row]);
        }
        const void *const *sources = opaque ? (const void *const *)rgba : (const void *const *)premultiplied_rows;
        (path == CRESAMPLE_AVX2_VNNI ? across_vnni : across_avx2)(sources, count, source_width, axis, out_width,
                                                                  targets, opaque);
        return;
    }
#endif
    for (size_t row = 0; row < count; row++) {
        premultiply_portable(rgba[row], source_width, premultiplied_rows[row]);
        across_portable(premultiplied_rows[row], axis, out_width, targets[row]);
    }
}

void cresample_down(const int16_t *ring, size_t ring_rows, size_t width, size_t first, size_t count,
                    const int16_t *weights, ptrdiff_t *rows, uint16_t *out) {
    /* Each tap's ring row found once a destination row, not once a pixel: a division in
     * the pixel loop cost more than the sums. */
    size_t row = first % ring_rows;
    for (size_t tap = 0; tap < count; tap++) {
        rows[tap] = (ptrdiff_t)(row * width * 4);
        row = row + 1 == ring_rows ? 0 : row + 1;
    }
#ifdef CRESAMPLE_X86
    int path = cresample_path();
    if (path >= CRESAMPLE_AVX2) {
        (path == CRESAMPLE_AVX2_VNNI ? down_vnni : down_avx2)(ring, rows, count, width, weights, out);
        return;
    }
#endif
    down_portable(ring, rows, count, width, weights, out);
}

void cresample_over_rgb(const uint16_t *tile, uint8_t *band, size_t count) {
#ifdef CRESAMPLE_X86
    if (cresample_path() >= CRESAMPLE_AVX2) {
        over_rgb_avx2(tile, band, count);
        return;
    }
#endif
    over_rgb_portable(tile, band, count);
}

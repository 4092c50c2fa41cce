#include "cpng.h"
#include "cpng_idat.h"
#include "cimage_vector.h"

#include <stdatomic.h>
#include <string.h>

/* Each block is summed in 16-bit lanes, which lets the loop vectorise eight or
 * more bytes at a time; 256 bytes of at most 128 each cannot overflow them. */
enum { SUM_BLOCK = 256 };

/* |v| of a byte read as a signed difference: libpng's "sum of absolute
 * differences" measure, which favours the filter leaving the most small values. */
static inline uint8_t magnitude(uint8_t value) {
    int8_t signed_value = (int8_t)value;
    return (uint8_t)(signed_value < 0 ? -signed_value : signed_value);
}

static inline int16_t absolute(int16_t value) {
    return value < 0 ? (int16_t)-value : value;
}

/* Written in 16-bit arithmetic (every intermediate fits) so it vectorises. */
static inline uint8_t paeth_predictor(uint8_t a, uint8_t b, uint8_t c) {
    int16_t p = (int16_t)(b - c);
    int16_t q = (int16_t)(a - c);
    int16_t pa = absolute(p);
    int16_t pb = absolute(q);
    int16_t pc = absolute((int16_t)(p + q));
    return (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c);
}

static inline uint8_t average(uint8_t a, uint8_t b) {
    return (uint8_t)(((uint16_t)a + b) >> 1);
}

/* One pass over the row that scores all five filters at once, so the row is
 * read once whatever the filter chosen. */
CIMAGE_VECTOR_CLONES
static void score(const uint8_t *row, const uint8_t *prior, size_t length, size_t bpp, uint64_t totals[5]) {
    for (int filter = 0; filter < 5; filter++) totals[filter] = 0;
    size_t lead = bpp < length ? bpp : length;
    for (size_t i = 0; i < lead; i++) {
        /* Before the first pixel the left and upper-left neighbours are zero. */
        uint8_t x = row[i], b = prior[i];
        totals[0] += magnitude(x);
        totals[1] += magnitude(x);
        totals[2] += magnitude((uint8_t)(x - b));
        totals[3] += magnitude((uint8_t)(x - (b >> 1)));
        totals[4] += magnitude((uint8_t)(x - paeth_predictor(0, b, 0)));
    }
    for (size_t start = lead; start < length; start += SUM_BLOCK) {
        size_t end = length - start > SUM_BLOCK ? start + SUM_BLOCK : length;
        uint16_t none = 0, sub = 0, up = 0, mean = 0, paeth = 0;
        for (size_t i = start; i < end; i++) {
            uint8_t x = row[i], a = row[i - bpp], b = prior[i], c = prior[i - bpp];
            none += magnitude(x);
            sub += magnitude((uint8_t)(x - a));
            up += magnitude((uint8_t)(x - b));
            mean += magnitude((uint8_t)(x - average(a, b)));
            paeth += magnitude((uint8_t)(x - paeth_predictor(a, b, c)));
        }
        totals[0] += none;
        totals[1] += sub;
        totals[2] += up;
        totals[3] += mean;
        totals[4] += paeth;
    }
}

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#define CPNG_FILTER_AVX2 1
#include <immintrin.h>

#define CPNG_AVX2 __attribute__((target("avx2")))

/* Σ|v| of 32 bytes read as signed differences, added into four 64-bit sums. */
CPNG_AVX2 static inline __m256i add_magnitudes(__m256i sums, __m256i bytes) {
    return _mm256_add_epi64(sums, _mm256_sad_epu8(_mm256_abs_epi8(bytes), _mm256_setzero_si256()));
}

/* paeth_predictor for 16 bytes widened to 16-bit lanes, its ties (a, then b, then c) kept. */
CPNG_AVX2 static inline __m256i paeth_lanes(__m256i a, __m256i b, __m256i c) {
    __m256i p = _mm256_sub_epi16(b, c);
    __m256i q = _mm256_sub_epi16(a, c);
    __m256i pa = _mm256_abs_epi16(p);
    __m256i pb = _mm256_abs_epi16(q);
    __m256i pc = _mm256_abs_epi16(_mm256_add_epi16(p, q));
    __m256i not_a = _mm256_or_si256(_mm256_cmpgt_epi16(pa, pb), _mm256_cmpgt_epi16(pa, pc));
    __m256i b_or_c = _mm256_blendv_epi8(b, c, _mm256_cmpgt_epi16(pb, pc));
    return _mm256_blendv_epi8(a, b_or_c, not_a);
}

/* paeth_predictor for 32 bytes: each half widened, predicted, and packed back. */
CPNG_AVX2 static inline __m256i paeth_bytes(__m256i a, __m256i b, __m256i c) {
    __m256i low = paeth_lanes(_mm256_cvtepu8_epi16(_mm256_castsi256_si128(a)),
                              _mm256_cvtepu8_epi16(_mm256_castsi256_si128(b)),
                              _mm256_cvtepu8_epi16(_mm256_castsi256_si128(c)));
    __m256i high = paeth_lanes(_mm256_cvtepu8_epi16(_mm256_extracti128_si256(a, 1)),
                               _mm256_cvtepu8_epi16(_mm256_extracti128_si256(b, 1)),
                               _mm256_cvtepu8_epi16(_mm256_extracti128_si256(c, 1)));
    /* Packing interleaves the halves' 64-bit quarters; put them back in order. */
    return _mm256_permute4x64_epi64(_mm256_packus_epi16(low, high), 0xD8);
}

/* 32 bytes of a row at `i` and their neighbours as the PNG specification names them: left
 * (a), above (b), above-left (c). */
typedef struct neighbours_avx2 {
    __m256i x, a, b, c;
} neighbours_avx2;

CPNG_AVX2 static inline neighbours_avx2 load_neighbours_avx2(const uint8_t *row, const uint8_t *prior, size_t i,
                                                             size_t bpp) {
    return (neighbours_avx2){
        _mm256_loadu_si256((const __m256i *)(const void *)(row + i)),
        _mm256_loadu_si256((const __m256i *)(const void *)(row + i - bpp)),
        _mm256_loadu_si256((const __m256i *)(const void *)(prior + i)),
        _mm256_loadu_si256((const __m256i *)(const void *)(prior + i - bpp)),
    };
}

/* score's sums 32 bytes a step, by hand: the compiler's build of score widened every
 * difference to 16 bits to add it up, where the byte sums SAD gives (|v| of each byte added
 * across eight) take one step; only Paeth's predictor needs 16-bit lanes. The same totals,
 * exactly. */
CPNG_AVX2 static void score_avx2(const uint8_t *row, const uint8_t *prior, size_t length, size_t bpp,
                                 uint64_t totals[5]) {
    size_t lead = bpp < length ? bpp : length;
    uint64_t head[5];
    score(row, prior, lead, bpp, head);
    __m256i none = _mm256_setzero_si256(), sub = none, up = none, mean = none, paeth = none;
    const __m256i one = _mm256_set1_epi8(1);
    size_t i = lead;
    for (; i + 32 <= length; i += 32) {
        neighbours_avx2 n = load_neighbours_avx2(row, prior, i, bpp);
        none = add_magnitudes(none, n.x);
        sub = add_magnitudes(sub, _mm256_sub_epi8(n.x, n.a));
        up = add_magnitudes(up, _mm256_sub_epi8(n.x, n.b));
        /* ⌊(a + b) / 2⌋: AVX2's average rounds up, so take back the bit both odd sums lost. */
        __m256i average = _mm256_sub_epi8(_mm256_avg_epu8(n.a, n.b), _mm256_and_si256(_mm256_xor_si256(n.a, n.b), one));
        mean = add_magnitudes(mean, _mm256_sub_epi8(n.x, average));
        paeth = add_magnitudes(paeth, _mm256_sub_epi8(n.x, paeth_bytes(n.a, n.b, n.c)));
    }
    __m256i sums[5] = {none, sub, up, mean, paeth};
    for (int filter = 0; filter < 5; filter++) {
        uint64_t lanes[4];
        _mm256_storeu_si256((__m256i *)(void *)lanes, sums[filter]);
        totals[filter] = head[filter] + lanes[0] + lanes[1] + lanes[2] + lanes[3];
    }
    /* The last bytes, fewer than 32, as score sums them. */
    for (; i < length; i++) {
        uint8_t x = row[i], a = row[i - bpp], b = prior[i], c = prior[i - bpp];
        totals[0] += magnitude(x);
        totals[1] += magnitude((uint8_t)(x - a));
        totals[2] += magnitude((uint8_t)(x - b));
        totals[3] += magnitude((uint8_t)(x - average(a, b)));
        totals[4] += magnitude((uint8_t)(x - paeth_predictor(a, b, c)));
    }
}

/* apply's Paeth 32 bytes a step with score_avx2's predictor: the compiler's build of it
 * widened and narrowed 16 bytes at a time. */
CPNG_AVX2 static void paeth_avx2(const uint8_t *row, const uint8_t *prior, size_t length, size_t bpp, uint8_t *out) {
    size_t lead = bpp < length ? bpp : length;
    for (size_t i = 0; i < lead; i++) out[i] = (uint8_t)(row[i] - prior[i]);
    size_t i = lead;
    for (; i + 32 <= length; i += 32) {
        neighbours_avx2 n = load_neighbours_avx2(row, prior, i, bpp);
        _mm256_storeu_si256((__m256i *)(void *)(out + i), _mm256_sub_epi8(n.x, paeth_bytes(n.a, n.b, n.c)));
    }
    for (; i < length; i++) out[i] = (uint8_t)(row[i] - paeth_predictor(row[i - bpp], prior[i], prior[i - bpp]));
}
#endif

/* Whether cpng_filter_row scores rows with score_avx2 and writes Paeth with paeth_avx2: -1
 * until the first row asks the CPU. */
static _Atomic int filter_by_avx2 = -1;

int cpng_filter_use_avx2(int use) {
    int chosen = 0;
#ifdef CPNG_FILTER_AVX2
    __builtin_cpu_init();
    chosen = use && __builtin_cpu_supports("avx2") ? 1 : 0;
#else
    (void)use;
#endif
    atomic_store_explicit(&filter_by_avx2, chosen, memory_order_relaxed);
    return chosen;
}

#ifdef CPNG_FILTER_AVX2
static int filters_by_avx2(void) {
    int chosen = atomic_load_explicit(&filter_by_avx2, memory_order_relaxed);
    return chosen < 0 ? cpng_filter_use_avx2(1) : chosen;
}
#endif

CIMAGE_VECTOR_CLONES
static void apply(int filter, const uint8_t *row, const uint8_t *prior, size_t length, size_t bpp, uint8_t *out) {
    size_t lead = bpp < length ? bpp : length;
    switch (filter) {
    case CPNG_FILTER_SUB:
        memcpy(out, row, lead);
        for (size_t i = lead; i < length; i++) out[i] = (uint8_t)(row[i] - row[i - bpp]);
        break;
    case CPNG_FILTER_UP:
        for (size_t i = 0; i < length; i++) out[i] = (uint8_t)(row[i] - prior[i]);
        break;
    case CPNG_FILTER_AVERAGE:
        for (size_t i = 0; i < lead; i++) out[i] = (uint8_t)(row[i] - (prior[i] >> 1));
        for (size_t i = lead; i < length; i++) out[i] = (uint8_t)(row[i] - average(row[i - bpp], prior[i]));
        break;
    case CPNG_FILTER_PAETH:
        for (size_t i = 0; i < lead; i++) out[i] = (uint8_t)(row[i] - prior[i]);
        for (size_t i = lead; i < length; i++) {
            out[i] = (uint8_t)(row[i] - paeth_predictor(row[i - bpp], prior[i], prior[i - bpp]));
        }
        break;
    default:
        memcpy(out, row, length);
        break;
    }
}

int cpng_filter_row(const uint8_t *row, const uint8_t *prior, size_t length, int bpp, int adaptive, uint8_t *out) {
    int chosen = CPNG_FILTER_NONE;
    if (adaptive) {
        uint64_t totals[5];
#ifdef CPNG_FILTER_AVX2
        if (filters_by_avx2()) {
            score_avx2(row, prior, length, (size_t)bpp, totals);
        } else
#endif
        {
            score(row, prior, length, (size_t)bpp, totals);
        }
        /* Strictly smaller wins, so ties go to the simpler filter, as in libpng. */
        for (int filter = 1; filter < 5; filter++) {
            if (totals[filter] < totals[chosen]) chosen = filter;
        }
    }
    out[0] = (uint8_t)chosen;
#ifdef CPNG_FILTER_AVX2
    if (chosen == CPNG_FILTER_PAETH && filters_by_avx2()) {
        paeth_avx2(row, prior, length, (size_t)bpp, out + 1);
        return chosen;
    }
#endif
    apply(chosen, row, prior, length, (size_t)bpp, out + 1);
    return chosen;
}

#if defined(__SSE2__)
#include <emmintrin.h>

/* Sub, Average and Paeth wait on the pixel to the left, so a row is undone a pixel at a
 * time; for 3- and 4-byte pixels that pixel fits one SSE2 register (every x86-64 has
 * SSE2), and each step undoes all its bytes at once, as libpng's filter_sse2_intrinsics.c
 * does. A 3-byte pixel is read as 4 bytes but the last, whose fourth byte may lie past the
 * row, and written as 3. */
#define CPNG_PIXEL_LOOP static inline __attribute__((always_inline))

CPNG_PIXEL_LOOP __m128i load_pixel(const uint8_t *pixel, size_t bpp, int last) {
    int32_t value = 0;
    if (bpp == 3 && last) {
        memcpy(&value, pixel, 3);
    } else {
        memcpy(&value, pixel, 4);
    }
    return _mm_cvtsi32_si128(value);
}

CPNG_PIXEL_LOOP void store_pixel(uint8_t *pixel, __m128i value, size_t bpp) {
    int32_t word = _mm_cvtsi128_si32(value);
    if (bpp == 3) {
        memcpy(pixel, &word, 3);
    } else {
        memcpy(pixel, &word, 4);
    }
}

CPNG_PIXEL_LOOP void unfilter_sub_sse2(uint8_t *row, size_t length, size_t bpp) {
    __m128i left = _mm_setzero_si128();
    for (size_t i = 0; i < length; i += bpp) {
        left = _mm_add_epi8(load_pixel(row + i, bpp, i + bpp >= length), left);
        store_pixel(row + i, left, bpp);
    }
}

CPNG_PIXEL_LOOP void unfilter_average_sse2(uint8_t *row, const uint8_t *prior, size_t length, size_t bpp) {
    const __m128i one = _mm_set1_epi8(1);
    __m128i left = _mm_setzero_si128();
    for (size_t i = 0; i < length; i += bpp) {
        int last = i + bpp >= length;
        __m128i above = load_pixel(prior + i, bpp, last);
        /* ⌊(a + b) / 2⌋: SSE2's average rounds up, so take back the bit both odd sums lost. */
        __m128i mean = _mm_sub_epi8(_mm_avg_epu8(left, above), _mm_and_si128(_mm_xor_si128(left, above), one));
        left = _mm_add_epi8(load_pixel(row + i, bpp, last), mean);
        store_pixel(row + i, left, bpp);
    }
}

static inline __m128i absolute_sse2(__m128i value) {
    return _mm_max_epi16(value, _mm_sub_epi16(_mm_setzero_si128(), value));
}

static inline __m128i choose_sse2(__m128i mask, __m128i chosen, __m128i otherwise) {
    return _mm_or_si128(_mm_and_si128(mask, chosen), _mm_andnot_si128(mask, otherwise));
}

/* paeth_predictor's arithmetic and ties (a, then b, then c) in 16-bit lanes. */
CPNG_PIXEL_LOOP void unfilter_paeth_sse2(uint8_t *row, const uint8_t *prior, size_t length, size_t bpp) {
    const __m128i zero = _mm_setzero_si128();
    __m128i left = zero, above_left = zero;
    for (size_t i = 0; i < length; i += bpp) {
        int last = i + bpp >= length;
        __m128i above = _mm_unpacklo_epi8(load_pixel(prior + i, bpp, last), zero);
        __m128i up = _mm_sub_epi16(above, above_left);
        __m128i across = _mm_sub_epi16(left, above_left);
        __m128i pa = absolute_sse2(up);
        __m128i pb = absolute_sse2(across);
        __m128i pc = absolute_sse2(_mm_add_epi16(up, across));
        __m128i smallest = _mm_min_epi16(pc, _mm_min_epi16(pa, pb));
        __m128i nearest = choose_sse2(_mm_cmpeq_epi16(smallest, pa), left,
                                      choose_sse2(_mm_cmpeq_epi16(smallest, pb), above, above_left));
        /* Bytes added modulo 256: each lane's high byte is zero on both sides. */
        left = _mm_add_epi8(_mm_unpacklo_epi8(load_pixel(row + i, bpp, last), zero), nearest);
        store_pixel(row + i, _mm_packus_epi16(left, left), bpp);
        above_left = above;
    }
}
#endif

int cpng_unfilter_row(int type, uint8_t *row, const uint8_t *prior, size_t length, size_t bpp) {
    size_t lead = bpp < length ? bpp : length;
#if defined(__SSE2__)
    if ((bpp == 3 || bpp == 4) && length % bpp == 0) {
        /* Each loop built for each pixel size, so its byte counts are constants. */
        switch (type) {
        case CPNG_FILTER_SUB:
            bpp == 3 ? unfilter_sub_sse2(row, length, 3) : unfilter_sub_sse2(row, length, 4);
            return 1;
        case CPNG_FILTER_AVERAGE:
            bpp == 3 ? unfilter_average_sse2(row, prior, length, 3) : unfilter_average_sse2(row, prior, length, 4);
            return 1;
        case CPNG_FILTER_PAETH:
            bpp == 3 ? unfilter_paeth_sse2(row, prior, length, 3) : unfilter_paeth_sse2(row, prior, length, 4);
            return 1;
        default:
            break;
        }
    }
#endif
    switch (type) {
    case CPNG_FILTER_NONE:
        return 1;
    case CPNG_FILTER_SUB:
        for (size_t i = lead; i < length; i++) row[i] = (uint8_t)(row[i] + row[i - bpp]);
        return 1;
    case CPNG_FILTER_UP:
        for (size_t i = 0; i < length; i++) row[i] = (uint8_t)(row[i] + prior[i]);
        return 1;
    case CPNG_FILTER_AVERAGE:
        for (size_t i = 0; i < lead; i++) row[i] = (uint8_t)(row[i] + (prior[i] >> 1));
        for (size_t i = lead; i < length; i++) row[i] = (uint8_t)(row[i] + average(row[i - bpp], prior[i]));
        return 1;
    case CPNG_FILTER_PAETH:
        for (size_t i = 0; i < lead; i++) row[i] = (uint8_t)(row[i] + prior[i]);
        for (size_t i = lead; i < length; i++) {
            row[i] = (uint8_t)(row[i] + paeth_predictor(row[i - bpp], prior[i], prior[i - bpp]));
        }
        return 1;
    default:
        return 0;
    }
}

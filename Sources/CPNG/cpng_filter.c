#include "cpng.h"
#include "cpng_idat.h"
#include "cpng_vector.h"

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
CPNG_VECTOR_CLONES
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

CPNG_VECTOR_CLONES
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
        score(row, prior, length, (size_t)bpp, totals);
        /* Strictly smaller wins, so ties go to the simpler filter, as in libpng. */
        for (int filter = 1; filter < 5; filter++) {
            if (totals[filter] < totals[chosen]) chosen = filter;
        }
    }
    out[0] = (uint8_t)chosen;
    apply(chosen, row, prior, length, (size_t)bpp, out + 1);
    return chosen;
}

int cpng_unfilter_row(int type, uint8_t *row, const uint8_t *prior, size_t length, size_t bpp) {
    size_t lead = bpp < length ? bpp : length;
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

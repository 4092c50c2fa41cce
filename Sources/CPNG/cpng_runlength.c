#include "cpng_runlength.h"

#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

enum {
    /* Runs shorter than this are written as literals: on W2's rows 4 makes the same size
     * as deflate's shortest match, 3, and finds runs faster (fewer false starts). */
    MIN_RUN = 4,
    MAX_RUN = 258,
    /* Literal/length symbols: 256 literals, end of block, 29 lengths. */
    SYMBOLS = 286,
    END_OF_BLOCK = 256,
    MAX_BITS = 15,
    /* Code-length symbols (0-15, and 16-18 repeating), their codes at most 7 bits. */
    LENGTH_CODES = 19,
    MAX_LENGTH_BITS = 7,
    STORED_MAX = 65535
};

static const uint16_t length_base[29] = {3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
                                         31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t length_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                         2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
static const uint8_t length_order[LENGTH_CODES] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

/* The length symbol (0-28, after 257) of a run of `length` bytes. */
static int length_symbol(size_t length) {
    int symbol = 28;
    while (symbol > 0 && (length < length_base[symbol] || (symbol == 28 && length != 258))) symbol--;
    return symbol;
}

/* Deflate's bits go out least significant first; the accumulator is stored 8 bytes at a
 * time and advanced by whole bytes, so writing has no branch (and `out` needs 8 bytes of
 * slack past the end). */
typedef struct {
    uint64_t pending;
    unsigned count;
    uint8_t *out;
} bit_writer;

static inline void put(bit_writer *writer, uint64_t bits, unsigned count) {
    writer->pending |= bits << writer->count;
    writer->count += count;
    memcpy(writer->out, &writer->pending, 8);
    writer->out += writer->count >> 3;
    writer->pending >>= writer->count & ~7u;
    writer->count &= 7;
}

static void align(bit_writer *writer) {
    if (writer->count > 0) put(writer, 0, 8 - writer->count);
}

/* The run of bytes equal to `value` from in[i], at most MAX_RUN long. */
static size_t run_length(const uint8_t *in, size_t i, size_t length, uint8_t value) {
    size_t limit = length - i < MAX_RUN ? length - i : MAX_RUN;
    size_t run = 0;
#if defined(__SSE2__)
    const __m128i repeated = _mm_set1_epi8((char)value);
    while (run + 16 <= limit) {
        unsigned same = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const void *)(in + i + run)), repeated));
        if (same != 0xffff) return run + (size_t)__builtin_ctz(~same);
        run += 16;
    }
#endif
    while (run < limit && in[i + run] == value) run++;
    return run;
}

static int keep_run(cpng_runlength_runs *runs, size_t count, size_t start, size_t length) {
    if (count == runs->capacity) {
        size_t capacity = runs->capacity ? runs->capacity * 2 : 1024;
        uint32_t *starts = realloc(runs->starts, capacity * sizeof *starts);
        if (starts == NULL) return 0;
        runs->starts = starts;
        uint16_t *lengths = realloc(runs->lengths, capacity * sizeof *lengths);
        if (lengths == NULL) return 0;
        runs->lengths = lengths;
        runs->capacity = capacity;
    }
    runs->starts[count] = (uint32_t)start;
    runs->lengths[count] = (uint16_t)length;
    return 1;
}

/* The runs, by one rule: at each position, a run of at least MIN_RUN bytes equal to the
 * byte before it is taken (up to MAX_RUN), else the byte is a literal. SSE2 only skips
 * positions where no run can start. Returns how many, or SIZE_MAX when memory ran out. */
static size_t find_runs(const uint8_t *in, size_t length, int previous, cpng_runlength_runs *runs) {
    size_t count = 0;
    size_t i = 0;
    if (length > 0) {
        size_t run = previous < 0 ? 0 : run_length(in, 0, length, (uint8_t)previous);
        if (run >= MIN_RUN) {
            if (!keep_run(runs, count++, 0, run)) return SIZE_MAX;
            i = run;
        } else {
            i = 1;
        }
    }
    while (i < length) {
#if defined(__SSE2__)
        if (i + 16 <= length) {
            unsigned same = (unsigned)_mm_movemask_epi8(
                _mm_cmpeq_epi8(_mm_loadu_si128((const void *)(in + i)), _mm_loadu_si128((const void *)(in + i - 1))));
            /* Bit k: a run of MIN_RUN starts at i + k; bits 0-12 are known from 16 bytes. */
            unsigned starts = same & same >> 1 & same >> 2 & same >> 3 & 0x1fffu;
            if (starts == 0) {
                i += 13;
                continue;
            }
            i += (size_t)__builtin_ctz(starts);
        }
#endif
        size_t run = run_length(in, i, length, in[i - 1]);
        if (run < MIN_RUN) {
            i++;
            continue;
        }
        if (!keep_run(runs, count++, i, run)) return SIZE_MAX;
        i += run;
    }
    return count;
}

/* Moffat and Katajainen's in-place minimum-redundancy code: `weights` sorted ascending
 * become the code lengths, the longest first. */
static void minimum_redundancy(uint32_t *weights, int n) {
    if (n == 1) {
        weights[0] = 1;
        return;
    }
    weights[0] += weights[1];
    int root = 0, leaf = 2;
    for (int next = 1; next < n - 1; next++) {
        if (leaf >= n || weights[root] < weights[leaf]) {
            weights[next] = weights[root];
            weights[root++] = (uint32_t)next;
        } else {
            weights[next] = weights[leaf++];
        }
        if (leaf >= n || (root < next && weights[root] < weights[leaf])) {
            weights[next] += weights[root];
            weights[root++] = (uint32_t)next;
        } else {
            weights[next] += weights[leaf++];
        }
    }
    weights[n - 2] = 0;
    for (int next = n - 3; next >= 0; next--) weights[next] = weights[weights[next]] + 1;
    int available = 1, used = 0, depth = 0, root_index = n - 2, next = n - 1;
    while (available > 0) {
        while (root_index >= 0 && (int)weights[root_index] == depth) {
            used++;
            root_index--;
        }
        while (available > used) {
            weights[next--] = (uint32_t)depth;
            available--;
        }
        available = 2 * used;
        depth++;
        used = 0;
    }
}

typedef struct {
    uint32_t count;
    uint16_t symbol;
} weighted;

static int by_count(const void *a, const void *b) {
    const weighted *x = a, *y = b;
    if (x->count != y->count) return x->count < y->count ? -1 : 1;
    return (x->symbol > y->symbol) - (x->symbol < y->symbol);
}

/* Code lengths of at most `limit` bits for `symbols` counts, a complete code of at least two
 * codes; the lengths past `limit` are folded back as zlib's and miniz's builders do. */
static void code_lengths(const uint32_t *counts, int symbols, int limit, uint8_t *lengths) {
    weighted used[SYMBOLS];
    int n = 0;
    memset(lengths, 0, (size_t)symbols);
    for (int symbol = 0; symbol < symbols; symbol++) {
        if (counts[symbol] > 0) used[n++] = (weighted){counts[symbol], (uint16_t)symbol};
    }
    if (n < 2) {
        int only = n == 1 ? used[0].symbol : 0;
        lengths[only] = 1;
        lengths[only == 0 ? 1 : 0] = 1;
        return;
    }
    qsort(used, (size_t)n, sizeof *used, by_count);
    uint32_t depths[SYMBOLS];
    for (int k = 0; k < n; k++) depths[k] = used[k].count;
    minimum_redundancy(depths, n);
    int per_length[33] = {0};
    for (int k = 0; k < n; k++) per_length[depths[k] > 32 ? 32 : depths[k]]++;
    for (int bits = limit + 1; bits <= 32; bits++) {
        per_length[limit] += per_length[bits];
        per_length[bits] = 0;
    }
    uint32_t kraft = 0;
    for (int bits = 1; bits <= limit; bits++) kraft += (uint32_t)per_length[bits] << (limit - bits);
    while (kraft > (1u << limit)) {
        per_length[limit]--;
        for (int bits = limit - 1; bits > 0; bits--) {
            if (per_length[bits] > 0) {
                per_length[bits]--;
                per_length[bits + 1] += 2;
                break;
            }
        }
        kraft--;
    }
    int k = 0;
    for (int bits = limit; bits >= 1; bits--) {
        for (int c = 0; c < per_length[bits]; c++) lengths[used[k++].symbol] = (uint8_t)bits;
    }
}

/* Deflate's canonical codes for `lengths`, bit-reversed for writing least significant first. */
static void canonical_codes(const uint8_t *lengths, int symbols, uint16_t *codes) {
    int per_length[MAX_BITS + 1] = {0};
    for (int symbol = 0; symbol < symbols; symbol++) per_length[lengths[symbol]]++;
    per_length[0] = 0;
    unsigned next[MAX_BITS + 1] = {0};
    unsigned code = 0;
    for (int bits = 1; bits <= MAX_BITS; bits++) {
        code = (code + (unsigned)per_length[bits - 1]) << 1;
        next[bits] = code;
    }
    for (int symbol = 0; symbol < symbols; symbol++) {
        int bits = lengths[symbol];
        if (bits == 0) continue;
        unsigned value = next[bits]++, reversed = 0;
        for (int b = 0; b < bits; b++) {
            reversed = reversed << 1 | (value & 1);
            value >>= 1;
        }
        codes[symbol] = (uint16_t)reversed;
    }
}

/* The block's header: its code lengths, run-length coded with symbols 16-18. */
typedef struct {
    int literal_codes;
    int header_codes;
    uint8_t symbols[SYMBOLS + 2];
    uint8_t extras[SYMBOLS + 2];
    int count;
    uint8_t lengths[LENGTH_CODES];
    uint16_t codes[LENGTH_CODES];
    size_t bits;
} block_header;

static void plan_header(const uint8_t *literal_lengths, block_header *header) {
    int literal_codes = SYMBOLS;
    while (literal_codes > 257 && literal_lengths[literal_codes - 1] == 0) literal_codes--;
    /* Then the two distance codes, one bit each: distance 1 is the only one used. */
    uint8_t all[SYMBOLS + 2];
    memcpy(all, literal_lengths, (size_t)literal_codes);
    all[literal_codes] = 1;
    all[literal_codes + 1] = 1;
    int total = literal_codes + 2, count = 0;
    for (int i = 0; i < total;) {
        int value = all[i], run = 1;
        while (i + run < total && all[i + run] == value) run++;
        if (value == 0 && run >= 3) {
            int taken = run > 138 ? 138 : run;
            header->symbols[count] = taken >= 11 ? 18 : 17;
            header->extras[count++] = (uint8_t)(taken - (taken >= 11 ? 11 : 3));
            i += taken;
        } else if (value != 0 && run >= 4) {
            int repeated = run - 1 > 6 ? 6 : run - 1;
            header->symbols[count] = (uint8_t)value;
            header->extras[count++] = 0;
            header->symbols[count] = 16;
            header->extras[count++] = (uint8_t)(repeated - 3);
            i += 1 + repeated;
        } else {
            header->symbols[count] = (uint8_t)value;
            header->extras[count++] = 0;
            i++;
        }
    }
    uint32_t counts[LENGTH_CODES] = {0};
    for (int k = 0; k < count; k++) counts[header->symbols[k]]++;
    code_lengths(counts, LENGTH_CODES, MAX_LENGTH_BITS, header->lengths);
    canonical_codes(header->lengths, LENGTH_CODES, header->codes);
    int header_codes = LENGTH_CODES;
    while (header_codes > 4 && header->lengths[length_order[header_codes - 1]] == 0) header_codes--;
    size_t bits = 3 + 5 + 5 + 4 + 3 * (size_t)header_codes;
    for (int k = 0; k < count; k++) {
        int symbol = header->symbols[k];
        bits += header->lengths[symbol] + (symbol == 16 ? 2 : symbol == 17 ? 3 : symbol == 18 ? 7 : 0);
    }
    header->literal_codes = literal_codes;
    header->header_codes = header_codes;
    header->count = count;
    header->bits = bits;
}

static void write_header(bit_writer *writer, const block_header *header, int final) {
    put(writer, (uint64_t)(final ? 1 : 0) | 2u << 1, 3);
    put(writer, (uint64_t)(header->literal_codes - 257), 5);
    put(writer, 1, 5);
    put(writer, (uint64_t)(header->header_codes - 4), 4);
    for (int k = 0; k < header->header_codes; k++) put(writer, header->lengths[length_order[k]], 3);
    for (int k = 0; k < header->count; k++) {
        int symbol = header->symbols[k];
        put(writer, header->codes[symbol], header->lengths[symbol]);
        if (symbol >= 16) put(writer, header->extras[k], symbol == 16 ? 2 : symbol == 17 ? 3 : 7);
    }
}

static size_t stored_size(size_t length) {
    size_t blocks = length == 0 ? 1 : (length + STORED_MAX - 1) / STORED_MAX;
    return length + 5 * blocks;
}

size_t cpng_runlength_bound(size_t length) {
    return stored_size(length) + 16;
}

static size_t write_stored(const uint8_t *in, size_t length, int final, uint8_t *out) {
    uint8_t *start = out;
    size_t done = 0;
    do {
        size_t size = length - done < STORED_MAX ? length - done : STORED_MAX;
        *out++ = (uint8_t)(final && done + size == length ? 1 : 0);
        out[0] = (uint8_t)size;
        out[1] = (uint8_t)(size >> 8);
        out[2] = (uint8_t)~size;
        out[3] = (uint8_t)(~size >> 8);
        memcpy(out + 4, in + done, size);
        out += 4 + size;
        done += size;
    } while (done < length);
    return (size_t)(out - start);
}

/* Literals, three to a write: three codes of at most 15 bits and the 7 waiting fit in 64. */
static void write_literals(bit_writer *writer, const uint8_t *in, size_t count, const uint32_t *literal) {
    size_t k = 0;
    for (; k + 3 <= count; k += 3) {
        uint32_t a = literal[in[k]], b = literal[in[k + 1]], c = literal[in[k + 2]];
        unsigned a_bits = a >> 16, b_bits = b >> 16;
        uint64_t bits = (uint64_t)(a & 0xffff) | (uint64_t)(b & 0xffff) << a_bits | (uint64_t)(c & 0xffff) << (a_bits + b_bits);
        put(writer, bits, a_bits + b_bits + (c >> 16));
    }
    for (; k < count; k++) put(writer, literal[in[k]] & 0xffff, literal[in[k]] >> 16);
}

size_t cpng_runlength_deflate(const uint8_t *in, size_t length, int previous, int final, uint8_t *out,
                              cpng_runlength_runs *runs) {
    if (length > UINT32_MAX) return 0;
    size_t run_count = find_runs(in, length, previous, runs);
    if (run_count == SIZE_MAX) return 0;

    uint32_t counts[SYMBOLS] = {0};
    uint32_t bytes[4][256] = {{0}};
    size_t k = 0;
    for (; k + 4 <= length; k += 4) {
        bytes[0][in[k]]++;
        bytes[1][in[k + 1]]++;
        bytes[2][in[k + 2]]++;
        bytes[3][in[k + 3]]++;
    }
    for (; k < length; k++) bytes[0][in[k]]++;
    for (int value = 0; value < 256; value++) counts[value] = bytes[0][value] + bytes[1][value] + bytes[2][value] + bytes[3][value];
    uint8_t run_symbol[MAX_RUN + 1];
    for (size_t run = MIN_RUN; run <= MAX_RUN; run++) run_symbol[run] = (uint8_t)length_symbol(run);
    for (size_t r = 0; r < run_count; r++) {
        size_t start = runs->starts[r], run = runs->lengths[r];
        uint8_t value = start > 0 ? in[start - 1] : (uint8_t)previous;
        counts[value] -= (uint32_t)run;
        counts[257 + run_symbol[run]]++;
    }
    counts[END_OF_BLOCK] = 1;

    uint8_t lengths[SYMBOLS];
    uint16_t codes[SYMBOLS] = {0};
    code_lengths(counts, SYMBOLS, MAX_BITS, lengths);
    canonical_codes(lengths, SYMBOLS, codes);
    block_header header;
    plan_header(lengths, &header);

    /* The block's exact size decides between it and storing. */
    size_t bits = header.bits + lengths[END_OF_BLOCK];
    for (int symbol = 0; symbol < 256; symbol++) bits += (size_t)counts[symbol] * lengths[symbol];
    for (int symbol = 0; symbol < 29; symbol++) {
        /* Every run also writes distance code 0, one bit. */
        bits += (size_t)counts[257 + symbol] * (lengths[257 + symbol] + length_extra[symbol] + 1u);
    }
    size_t huffman_size = final ? (bits + 7) / 8 : (bits + 3 + 7) / 8 + 4;
    if (huffman_size >= stored_size(length)) return write_stored(in, length, final, out);

    uint32_t literal[256];
    for (int value = 0; value < 256; value++) literal[value] = codes[value] | (uint32_t)lengths[value] << 16;
    uint32_t run_code[MAX_RUN + 1];
    uint8_t run_bits[MAX_RUN + 1];
    for (size_t run = MIN_RUN; run <= MAX_RUN; run++) {
        int symbol = run_symbol[run];
        unsigned count = lengths[257 + symbol];
        run_code[run] = codes[257 + symbol] | (uint32_t)(run - length_base[symbol]) << count;
        run_bits[run] = (uint8_t)(count + length_extra[symbol] + 1);
    }
    bit_writer writer = {0, 0, out};
    write_header(&writer, &header, final);
    size_t at = 0;
    for (size_t r = 0; r < run_count; r++) {
        size_t start = runs->starts[r], run = runs->lengths[r];
        write_literals(&writer, in + at, start - at, literal);
        put(&writer, run_code[run], run_bits[run]);
        at = start + run;
    }
    write_literals(&writer, in + at, length - at, literal);
    put(&writer, codes[END_OF_BLOCK], lengths[END_OF_BLOCK]);
    if (!final) {
        /* A sync flush: an empty stored block, so the next segment starts on a byte. */
        put(&writer, 0, 3);
        align(&writer);
        put(&writer, 0xffff0000u, 32);
    }
    align(&writer);
    return (size_t)(writer.out - out);
}

void cpng_runlength_release(cpng_runlength_runs *runs) {
    free(runs->starts);
    free(runs->lengths);
    runs->starts = NULL;
    runs->lengths = NULL;
    runs->capacity = 0;
}

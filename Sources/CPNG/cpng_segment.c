#include "cpng_segment.h"

#include <stdlib.h>

int cpng_segment_allocate(cpng_segment *segment, size_t input_capacity) {
    segment->input_capacity = input_capacity;
    segment->input = malloc(input_capacity);
    /* deflateBound's figure for default parameters plus room for the sync
     * marker, so one deflate call nearly always suffices; growth covers the rest. */
    size_t bound = input_capacity + (input_capacity >> 12) + (input_capacity >> 14) + (input_capacity >> 25) + 13;
    segment->output_capacity = CPNG_SEGMENT_HEADROOM + bound + CPNG_SEGMENT_MARGIN + CPNG_SEGMENT_TAILROOM;
    segment->output = malloc(segment->output_capacity);
    return segment->input != NULL && segment->output != NULL;
}

void cpng_segment_release(cpng_segment *segment) {
    free(segment->input);
    free(segment->output);
    segment->input = NULL;
    segment->output = NULL;
}

size_t cpng_segment_room(const cpng_segment *segment, size_t produced) {
    return segment->output_capacity - CPNG_SEGMENT_HEADROOM - CPNG_SEGMENT_TAILROOM - produced;
}

int cpng_segment_grow(cpng_segment *segment) {
    size_t capacity = segment->output_capacity * 2;
    uint8_t *output = realloc(segment->output, capacity);
    if (output == NULL) return 0;
    segment->output = output;
    segment->output_capacity = capacity;
    return 1;
}

void cpng_segment_fail(cpng_segment *segment, cimage_status status, const char *message) {
    segment->status = status;
    segment->message = message;
    segment->output_length = 0;
}

void cpng_segment_zlib_header(int level, uint8_t header[2]) {
    /* CM 8 (deflate), CINFO 7 (32 KiB window); FLEVEL as zlib's deflate sets it. */
    unsigned flevel = level < 2 ? 0 : level < 6 ? 1 : level == 6 ? 2 : 3;
    unsigned value = (0x78u << 8) | (flevel << 6);
    value += 31 - value % 31;
    header[0] = (uint8_t)(value >> 8);
    header[1] = (uint8_t)(value & 0xFF);
}

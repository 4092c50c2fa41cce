#ifndef CPNG_SEGMENT_H
#define CPNG_SEGMENT_H

/* Internal to CPNG: one segment of the filtered image data, deflated on its
 * own so segments can be compressed in parallel yet join into one zlib stream. */

#include "cpng.h"

#include <zlib.h>

enum {
    /* Deflate's window: the dictionary each segment is primed with. */
    CPNG_SEGMENT_WINDOW = 32768,
    /* Room before the deflate data for the zlib header (first segment only). */
    CPNG_SEGMENT_HEADROOM = 2,
    /* Room after it for the Adler-32 trailer (last segment only). */
    CPNG_SEGMENT_TAILROOM = 4
};

typedef struct {
    /* Filtered rows (a filter byte, then the row), filled by the writer. */
    uint8_t *input;
    size_t input_length;
    size_t input_capacity;
    /* The last bytes of the data before this segment, so matches can reach back
     * across the cut and the segmentation costs almost nothing in size. */
    uint8_t dictionary[CPNG_SEGMENT_WINDOW];
    size_t dictionary_length;
    /* Ends with Z_FINISH instead of Z_SYNC_FLUSH. */
    int final;

    /* Raw deflate data at output + CPNG_SEGMENT_HEADROOM. */
    uint8_t *output;
    size_t output_length;
    size_t output_capacity;
    /* Adler-32 of the input alone; the writer combines them in order. */
    uint32_t adler;
    /* CIMAGE_OK, CIMAGE_ERROR_MEMORY, or CIMAGE_ERROR_STATE when zlib refused. */
    cimage_status status;
    const char *message;
} cpng_segment;

/* Allocates the buffers for `input_capacity` bytes of filtered rows; returns 0
 * when memory runs out (the caller frees with cpng_segment_release either way). */
int cpng_segment_allocate(cpng_segment *segment, size_t input_capacity);
void cpng_segment_release(cpng_segment *segment);

/* Opens a raw deflate stream for cpng_segment_deflate, with the strategy that
 * suits filtered rows; returns zlib's code. */
int cpng_segment_stream_open(z_stream *stream, int level);

/* Deflates the segment's input with `stream` (reset first, so a stream can be
 * reused by one thread for many segments). Sets output_length, adler, status.
 * The result depends only on the input, dictionary, final flag and level. */
void cpng_segment_deflate(cpng_segment *segment, z_stream *stream);

/* The two-byte zlib header zlib itself writes for `level` with a 32 KiB window. */
void cpng_segment_zlib_header(int level, uint8_t header[2]);

#endif

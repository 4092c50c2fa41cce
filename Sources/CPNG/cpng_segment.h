#ifndef CPNG_SEGMENT_H
#define CPNG_SEGMENT_H

/* Internal to CPNG: one segment of the filtered image data, deflated on its
 * own so segments can be compressed in parallel yet join into one zlib stream. */

#include "cpng.h"

enum {
    /* Deflate's window: the dictionary each segment is primed with. */
    CPNG_SEGMENT_WINDOW = 32768,
    /* Room before the deflate data for the zlib header (first segment only). */
    CPNG_SEGMENT_HEADROOM = 2,
    /* Room after it for the Adler-32 trailer (last segment only). */
    CPNG_SEGMENT_TAILROOM = 4,
    /* zlib asks for more than six bytes of room around a sync flush, or it may
     * repeat the flush marker; the deflaters keep well clear of that. */
    CPNG_SEGMENT_MARGIN = 64
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
    /* Ends the deflate stream instead of a sync flush. */
    int final;

    /* Raw deflate data at output + CPNG_SEGMENT_HEADROOM. */
    uint8_t *output;
    size_t output_length;
    size_t output_capacity;
    /* Adler-32 of the input alone; the writer combines them in order. */
    uint32_t adler;
    /* CIMAGE_OK, CIMAGE_ERROR_MEMORY, or CIMAGE_ERROR_STATE when the library refused. */
    cimage_status status;
    const char *message;
} cpng_segment;

/* Allocates the buffers for `input_capacity` bytes of filtered rows; returns 0
 * when memory runs out (the caller frees with cpng_segment_release either way). */
int cpng_segment_allocate(cpng_segment *segment, size_t input_capacity);
void cpng_segment_release(cpng_segment *segment);

/* Room left for deflate output past `produced` bytes. */
size_t cpng_segment_room(const cpng_segment *segment, size_t produced);

/* Doubles the output buffer; returns 0 when memory runs out. */
int cpng_segment_grow(cpng_segment *segment);

/* Marks the segment failed, with no output. */
void cpng_segment_fail(cpng_segment *segment, cimage_status status, const char *message);

/* The two-byte zlib header zlib itself writes for `level` with a 32 KiB window. */
void cpng_segment_zlib_header(int level, uint8_t header[2]);

#endif

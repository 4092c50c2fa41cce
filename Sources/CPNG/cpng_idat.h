#ifndef CPNG_IDAT_H
#define CPNG_IDAT_H

/* Internal to CPNG: the image data of the commonest PNGs (8-bit RGB or RGBA, not
 * interlaced, nothing for libpng to convert) read without libpng. libpng parses every
 * chunk up to the first IDAT; from there the IDAT chunks are joined, inflated by
 * Intel ISA-L (about three times zlib's speed) 128 KiB of rows at a time, and unfiltered
 * here in place, row by row as they are read, into RGBA. Each chunk's CRC-32 is checked
 * as libpng checks it; the zlib stream's Adler-32 is not, as the libpng path no longer
 * checks it either (see cpng_reader.c). */

#include <stddef.h>
#include <stdint.h>

/* Where the bytes come from. Both callbacks end the read by longjmp on failure (end of
 * file, a read error, damage) and so never return with nothing. */
typedef struct {
    void *context;
    /* At least one byte from the current position, contiguous, without consuming it. */
    size_t (*peek)(void *context, const uint8_t **bytes);
    void (*consume)(void *context, size_t count);
    /* Ends the read with a message naming the damage. */
    void (*fail)(void *context, const char *message);
    /* Whether no byte is left: a file may end after its last chunk's CRC without IEND. */
    int (*at_end)(void *context);
} cpng_idat_source;

typedef struct cpng_idat cpng_idat;

/* A reader of `height` rows of `width` pixels of `channels` (3 or 4) bytes whose first
 * IDAT chunk's header, `first_length` bytes long, was just read; NULL when memory runs out. */
cpng_idat *cpng_idat_create(uint32_t width, uint32_t height, int channels, uint32_t first_length);
void cpng_idat_destroy(cpng_idat *idat);

/* Decodes the next row into `rgba` (width × 4 bytes). Rows are inflated 128 KiB or more at
 * a time, so damage may be found a few rows before the row that holds it. */
void cpng_idat_read_row(cpng_idat *idat, const cpng_idat_source *source, uint8_t *rgba);

/* After the last row: reads the chunks left up to and including IEND, checking their
 * CRCs as libpng does (critical chunks must match; ancillary ones are skipped). A file
 * that ends after a whole chunk, IEND not reached, is accepted and marked (see
 * cpng_idat_missing_end): the pixels are all there, as Pillow, libvips and browsers agree. */
void cpng_idat_finish(cpng_idat *idat, const cpng_idat_source *source);

/* Whether finish found the file ending without IEND after whole chunks. */
int cpng_idat_missing_end(const cpng_idat *idat);


#endif

#include "cpng_idat.h"
#include "cpng.h"

#include <isa-l/igzip_lib.h>

#include "cpng_crc.h"
#include "cimage_vector.h"
#include <stdlib.h>
#include <string.h>

enum {
    /* Rows are inflated this many bytes at a time or more: ISA-L decodes straight into a
     * buffer this large, where into one row it decodes into its own window and copies out
     * (the copy was 1.9 % of W1's profile). */
    BATCH_BYTES = 128 << 10
};

struct cpng_idat {
    struct inflate_state inflate;
    uint32_t width;
    size_t bpp;
    size_t row_bytes;
    /* Slots of row_bytes + 1 bytes (a filter byte, then the row): slot 0 holds the row above
     * the batch, unfiltered (zeros before the first); slots 1 to batch_rows the rows inflated
     * together, unfiltered in place one by one as they are read. */
    uint8_t *slots;
    uint32_t batch_rows;
    /* Rows inflated into the batch, how many of them are read, and rows not yet inflated. */
    uint32_t inflated;
    uint32_t delivered;
    uint32_t rows_left;
    /* Bytes of the current IDAT chunk not yet taken, and the CRC-32 of those taken. */
    uint32_t chunk_left;
    uint32_t crc;
    /* The zlib header's two bytes, read before the raw deflate stream. */
    int header_bytes;
    uint8_t header[2];
    /* Set once a chunk other than IDAT follows: its header is kept for finish. */
    int idat_done;
    uint8_t next_header[8];
    /* Set when the file ended after a whole chunk before IEND. */
    int missing_end;
};

static uint32_t be32(const uint8_t *bytes) {
    return (uint32_t)bytes[0] << 24 | (uint32_t)bytes[1] << 16 | (uint32_t)bytes[2] << 8 | bytes[3];
}

/* Copies `count` bytes from the source. */
static void take(const cpng_idat_source *source, uint8_t *out, size_t count) {
    while (count > 0) {
        const uint8_t *bytes;
        size_t available = source->peek(source->context, &bytes);
        size_t step = available < count ? available : count;
        memcpy(out, bytes, step);
        source->consume(source->context, step);
        out += step;
        count -= step;
    }
}

/* Skips `count` bytes of a chunk's data, adding them to its CRC. */
static uint32_t skip(const cpng_idat_source *source, uint32_t count, uint32_t crc) {
    while (count > 0) {
        const uint8_t *bytes;
        size_t available = source->peek(source->context, &bytes);
        uint32_t step = available < count ? (uint32_t)available : count;
        crc = cpng_crc_update(crc, bytes, step);
        source->consume(source->context, step);
        count -= step;
    }
    return crc;
}

/* Reads a chunk's CRC and compares it with `crc`, computed over its type and data. */
static void check_crc(const cpng_idat_source *source, uint32_t crc, const char *chunk) {
    uint8_t stored[4];
    take(source, stored, 4);
    if (be32(stored) != crc) {
        char message[64];
        memcpy(message, chunk, 4);
        strcpy(message + 4, ": CRC error");
        source->fail(source->context, message);
    }
}

/* Ends the current IDAT chunk and reads the next chunk's header: another IDAT goes on.
 * With `end_allowed`, a file ending right after the CRC returns 0 instead of failing. */
static int next_chunk(cpng_idat *idat, const cpng_idat_source *source, int end_allowed) {
    check_crc(source, idat->crc, "IDAT");
    if (end_allowed && source->at_end(source->context)) return 0;
    uint8_t header[8];
    take(source, header, 8);
    if (memcmp(header + 4, "IDAT", 4) == 0) {
        idat->chunk_left = be32(header);
        if (idat->chunk_left > 0x7fffffffU) source->fail(source->context, "PNG unsigned integer out of range");
        idat->crc = cpng_crc_update(0, header + 4, 4);
    } else {
        memcpy(idat->next_header, header, 8);
        idat->idat_done = 1;
    }
    return 1;
}

/* Points the inflater at the image data available now, skipping chunk boundaries. */
static void feed(cpng_idat *idat, const cpng_idat_source *source) {
    while (idat->chunk_left == 0) {
        if (idat->idat_done) source->fail(source->context, "Not enough image data");
        next_chunk(idat, source, 0);
    }
    const uint8_t *bytes;
    size_t available = source->peek(source->context, &bytes);
    if (available > idat->chunk_left) available = idat->chunk_left;
    while (idat->header_bytes < 2 && available > 0) {
        idat->header[idat->header_bytes++] = bytes[0];
        idat->crc = cpng_crc_update(idat->crc, bytes, 1);
        source->consume(source->context, 1);
        idat->chunk_left--;
        bytes++;
        available--;
        if (idat->header_bytes == 2) {
            uint8_t cmf = idat->header[0], flg = idat->header[1];
            if ((cmf & 0x0f) != 8 || (cmf >> 4) > 7 || ((unsigned)cmf << 8 | flg) % 31 != 0 || (flg & 0x20) != 0) {
                source->fail(source->context, "incorrect header check");
            }
        }
    }
    idat->inflate.next_in = (uint8_t *)bytes;
    idat->inflate.avail_in = (uint32_t)available;
}

/* Takes what the inflater used of the bytes `feed` offered, and says how many. */
static uint32_t settle(cpng_idat *idat, const cpng_idat_source *source, const uint8_t *offered, uint32_t count) {
    uint32_t used = count - idat->inflate.avail_in;
    idat->inflate.avail_in = 0;
    if (used == 0) return 0;
    idat->crc = cpng_crc_update(idat->crc, offered, used);
    source->consume(source->context, used);
    idat->chunk_left -= used;
    return used;
}

cpng_idat *cpng_idat_create(uint32_t width, uint32_t height, int channels, uint32_t first_length) {
    cpng_idat *idat = calloc(1, sizeof *idat);
    if (idat == NULL) return NULL;
    idat->width = width;
    idat->bpp = (size_t)channels;
    idat->row_bytes = (size_t)width * (size_t)channels;
    size_t slot = idat->row_bytes + 1;
    size_t rows = (BATCH_BYTES + slot - 1) / slot;
    idat->batch_rows = (uint32_t)(rows < height ? rows : height);
    idat->rows_left = height;
    idat->slots = calloc((size_t)idat->batch_rows + 1, slot);
    if (idat->slots == NULL) {
        free(idat);
        return NULL;
    }
    isal_inflate_init(&idat->inflate);
    idat->inflate.crc_flag = ISAL_DEFLATE;
    idat->chunk_left = first_length;
    idat->crc = cpng_crc_update(0, (const uint8_t *)"IDAT", 4);
    return idat;
}

void cpng_idat_destroy(cpng_idat *idat) {
    if (idat == NULL) return;
    free(idat->slots);
    free(idat);
}

/* Decoded RGB widened to RGBA, opaque: a plain byte loop, which the AVX2 build turns into
 * byte shuffles (sixteen pixels a step); a word at a time, as it was, could not be. */
CIMAGE_VECTOR_CLONES
static void expand_rgb(const uint8_t *restrict rgb, uint8_t *restrict rgba, uint32_t width) {
    for (size_t x = 0; x < width; x++) {
        rgba[4 * x] = rgb[3 * x];
        rgba[4 * x + 1] = rgb[3 * x + 1];
        rgba[4 * x + 2] = rgb[3 * x + 2];
        rgba[4 * x + 3] = 0xff;
    }
}

/* Inflates the next rows, as many as the batch holds, after keeping the last one read as
 * the row above them. */
static void inflate_batch(cpng_idat *idat, const cpng_idat_source *source) {
    size_t slot = idat->row_bytes + 1;
    if (idat->inflated > 0) memcpy(idat->slots, idat->slots + (size_t)idat->inflated * slot, slot);
    if (idat->rows_left == 0) source->fail(source->context, "Extra image data");
    uint32_t rows = idat->rows_left < idat->batch_rows ? idat->rows_left : idat->batch_rows;
    idat->inflate.next_out = idat->slots + slot;
    idat->inflate.avail_out = (uint32_t)(rows * slot);
    /* ISA-L may hold decoded bytes back when the output is small: each call first offers
     * no input, and only a call that produced nothing is followed by one with input. */
    int starved = 0;
    while (idat->inflate.avail_out > 0) {
        uint32_t before = idat->inflate.avail_out;
        const uint8_t *offered = NULL;
        uint32_t count = 0;
        if (starved) {
            if (idat->inflate.block_state == ISAL_BLOCK_FINISH) source->fail(source->context, "Not enough image data");
            feed(idat, source);
            offered = idat->inflate.next_in;
            count = idat->inflate.avail_in;
        } else {
            idat->inflate.avail_in = 0;
        }
        int status = isal_inflate(&idat->inflate);
        uint32_t used = count > 0 ? settle(idat, source, offered, count) : 0;
        if (status < 0) {
            source->fail(source->context, status == ISAL_INVALID_LOOKBACK ? "invalid distance too far back" : "invalid compressed data");
        }
        /* Input offered and neither taken nor turned into output: the stream has stopped
         * short of the rows, and offering it again would loop for ever. */
        if (count > 0 && used == 0 && idat->inflate.avail_out == before) {
            source->fail(source->context, "Not enough image data");
        }
        starved = idat->inflate.avail_out == before;
    }
    idat->inflated = rows;
    idat->delivered = 0;
    idat->rows_left -= rows;
}

void cpng_idat_read_row(cpng_idat *idat, const cpng_idat_source *source, uint8_t *rgba) {
    if (idat->delivered == idat->inflated) inflate_batch(idat, source);
    size_t slot = idat->row_bytes + 1;
    uint8_t *row = idat->slots + (size_t)(idat->delivered + 1) * slot;
    uint8_t *pixels = row + 1;
    if (!cpng_unfilter_row(row[0], pixels, row - slot + 1, idat->row_bytes, idat->bpp)) {
        source->fail(source->context, "bad adaptive filter value");
    }
    idat->delivered++;
    if (idat->bpp == 4) {
        memcpy(rgba, pixels, idat->row_bytes);
    } else {
        expand_rgb(pixels, rgba, idat->width);
    }
}

void cpng_idat_finish(cpng_idat *idat, const cpng_idat_source *source) {
    /* Whatever follows the rows in the IDAT chunks (the end of the deflate stream, its
     * Adler-32, or extra data, which libpng only warns about) is skipped, CRCs checked. */
    while (!idat->idat_done) {
        idat->crc = skip(source, idat->chunk_left, idat->crc);
        idat->chunk_left = 0;
        if (!next_chunk(idat, source, 1)) {
            idat->missing_end = 1;
            return;
        }
    }
    uint8_t *header = idat->next_header;
    for (;;) {
        uint32_t length = be32(header);
        if (length > 0x7fffffffU) source->fail(source->context, "PNG unsigned integer out of range");
        int critical = (header[4] & 0x20) == 0;
        int is_iend = memcmp(header + 4, "IEND", 4) == 0;
        if (critical && !is_iend && memcmp(header + 4, "IDAT", 4) != 0) {
            source->fail(source->context, "unknown critical chunk");
        }
        uint32_t crc = skip(source, length, cpng_crc_update(0, header + 4, 4));
        if (critical) {
            check_crc(source, crc, (const char *)header + 4);
        } else {
            uint8_t ignored[4];
            take(source, ignored, 4);
        }
        if (is_iend) return;
        if (source->at_end(source->context)) {
            idat->missing_end = 1;
            return;
        }
        take(source, header, 8);
    }
}

int cpng_idat_missing_end(const cpng_idat *idat) {
    return idat->missing_end;
}

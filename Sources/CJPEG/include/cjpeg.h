#ifndef CJPEG_H
#define CJPEG_H

#include "cimage_status.h"

#include <stddef.h>
#include <stdint.h>

/* Every entry point that can reach libjpeg sets its own setjmp, so libjpeg's
 * error_exit unwinds only C frames and comes back to Swift as a status code
 * and a message kept in the handle. Warnings are counted, never printed. */


/* What the frame header says, and what the decode will deliver. */
typedef struct {
    uint32_t width;
    uint32_t height;
    int components;
    int progressive;
    /* Four-component data (CMYK or YCCK) that the shim turns into RGB. */
    int cmyk;
    /* An Adobe APP14 marker was seen: CMYK samples are stored inverted. */
    int adobe;
    /* 1, 2, 4 or 8: the DCT scaling chosen from the minimum size. */
    int scale_denom;
    uint32_t output_width;
    uint32_t output_height;
} cjpeg_info;

/* The reader's life and failure report (a memory buffer must outlive its reader). */
CIMAGE_DECLARE_READER(cjpeg)
/* Warnings libjpeg raised so far (corrupt but decodable data) and the first one's text, or "". */
unsigned cjpeg_reader_warning_count(const cjpeg_reader *reader);
const char *cjpeg_reader_first_warning(const cjpeg_reader *reader);

/* Reads the markers up to the first scan, refuses images over max_pixels, picks
 * the largest scale 1/scale_denom (denominator 1, 2, 4 or 8) whose output is
 * still at least min_width x min_height (0 x 0 asks for the smallest), and
 * starts a decode to 8-bit RGBA with opaque alpha. */
cimage_status cjpeg_reader_start(cjpeg_reader *reader, uint64_t max_pixels,
                                uint32_t min_width, uint32_t min_height, cjpeg_info *info);

/* The TIFF data (after "Exif\0\0") of the first EXIF APP1 marker before the
 * first scan, valid until the reader is destroyed; NULL when there is none. */
const uint8_t *cjpeg_reader_exif(const cjpeg_reader *reader, size_t *count);

/* Delivers the next `count` output rows, each 4*output_width bytes, `stride` bytes apart. */
cimage_status cjpeg_reader_read_rows(cjpeg_reader *reader, uint8_t *pixels, size_t stride, uint32_t count);

/* Reads to the end-of-image marker after the last row. */
cimage_status cjpeg_reader_finish(cjpeg_reader *reader);

/* Converts `count` CMYK pixels to opaque RGBA in place, as Pillow does;
 * `inverted` for Adobe data, where 255 means no ink. */
void cjpeg_cmyk_to_rgba(uint8_t *pixels, size_t count, int inverted);

/* A baseline JPEG encoder with optimised Huffman tables, writing to an open descriptor
 * the caller keeps owning. libjpeg's stream is spooled to an anonymous temporary file
 * until cjpeg_writer_finish, so that segments added after the last row still precede
 * the scan: finish writes SOI and JFIF APP0, the added segments, then the rest. */
typedef struct cjpeg_writer cjpeg_writer;

/* NULL when memory runs out. */
cjpeg_writer *cjpeg_writer_create(int fd);
void cjpeg_writer_destroy(cjpeg_writer *writer);
const char *cjpeg_writer_message(const cjpeg_writer *writer);
/* The errno of the write (or temporary file) that failed. */
int cjpeg_writer_errno(const cjpeg_writer *writer);

/* Creates the spool and starts the stream: `components` 3 (RGB rows) or 1 (grey),
 * `quality` 1 to 100, chroma halved both ways when `subsample` (4:2:0) or kept (4:4:4),
 * and `icc` (may be NULL) as an ICC_PROFILE APP2 chain. */
cimage_status cjpeg_writer_start(cjpeg_writer *writer, uint32_t width, uint32_t height, int components,
                                 int quality, int subsample, const uint8_t *icc, size_t icc_length);

/* Queues an application segment (`marker` JPEG_APP0 + n, payload at most 65533 bytes)
 * to be written after the JFIF APP0, before everything libjpeg wrote after it. Allowed
 * any time before cjpeg_writer_finish, in the order they should appear. */
cimage_status cjpeg_writer_add_marker(cjpeg_writer *writer, int marker, const uint8_t *payload, size_t length);

/* Compresses the next `count` rows of `components` bytes a pixel, `stride` bytes apart. */
cimage_status cjpeg_writer_write_rows(cjpeg_writer *writer, const uint8_t *pixels, size_t stride, uint32_t count);

/* Ends the stream after the last row and writes the whole file to the descriptor. */
cimage_status cjpeg_writer_finish(cjpeg_writer *writer);

/* The libjpeg(-turbo) the shims were built against, e.g. "libjpeg-turbo 2.1.5":
 * its IDCT and upsampling are in every decoded pixel. */
const char *cjpeg_library_version(void);

#endif

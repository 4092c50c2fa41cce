#ifndef CTIFF_H
#define CTIFF_H

#include "cimage_status.h"

#include <stddef.h>
#include <stdint.h>

/* One libtiff handle over bytes the caller reads for it, decoded to 8-bit
 * straight RGBA rows as stored (libtiff is never asked to turn them).
 *
 * libtiff reports through handlers, never by jumping, so no setjmp is needed:
 * each handle installs its own error and warning handlers (TIFFOpenOptions),
 * which keep the first error and count warnings. Nothing is printed.
 *
 * Statuses: CIMAGE_ERROR_IO when the caller's read function failed (the caller
 * keeps why); CIMAGE_ERROR_TRUNCATED when libtiff failed after a read came
 * back short; CIMAGE_ERROR_FORMAT for damaged data, a width or height of 0
 * included; CIMAGE_ERROR_UNSUPPORTED for images libtiff's RGBA reader cannot
 * convert (float samples, 12 bits, ...).
 *
 * 16-bit CMYK and CIELab (which that reader refuses, or converts with a cream white)
 * are converted by the shim from the samples libtiff decompresses, Lab through CColor's
 * Little CMS transform. */


/* What the first directory says. */
typedef struct {
    uint32_t width;
    uint32_t height;
    /* The Orientation tag, 1 to 8; 1 when absent or out of range. */
    uint16_t orientation;
    /* An extra sample that libtiff's RGBA reader takes as alpha. */
    int has_alpha;
    int tiled;
    /* Rows decoded at once once started: a strip's, or a row of tiles'. */
    uint32_t rows_per_chunk;
    /* 1 once libtiff has read the first directory, so that a width or height of 0
     * is the file's, not the zeroed info of a directory that could not be read. */
    int has_directory;
    /* The samples' layout, for an error that says what a file holds. */
    uint16_t photometric;
    uint16_t bits_per_sample;
    uint16_t samples_per_pixel;
    uint16_t sample_format;
    int separate_planes;
    /* 1 when CIMAGE_ERROR_UNSUPPORTED came because no converter takes that layout. */
    int unconvertible;
} ctiff_info;

typedef struct ctiff_reader ctiff_reader;

/* A handle that reads through `read` and `length` with `context`, which must
 * outlive it. NULL when memory runs out. */
ctiff_reader *ctiff_reader_create(void *context, cimage_read_function read, cimage_length_function length);
void ctiff_reader_destroy(ctiff_reader *reader);

/* The first error libtiff raised in the last call, or what the shim found wrong. */
const char *ctiff_reader_message(const ctiff_reader *reader);
/* Warnings libtiff raised so far (unknown tags, odd but readable values) and the first one's text, or "". */
unsigned ctiff_reader_warning_count(const ctiff_reader *reader);
const char *ctiff_reader_first_warning(const ctiff_reader *reader);

/* Reads the header and the first directory, leaving the strip and tile arrays
 * unread until a row needs them, so a directory claiming 2^31 strips costs
 * nothing. Fills `info`, then refuses images over max_pixels and those that
 * libtiff's RGBA reader cannot convert. */
cimage_status ctiff_reader_open(ctiff_reader *reader, uint64_t max_pixels, ctiff_info *info);

/* What ctiff_reader_open found, with `unconvertible` kept up to date by ctiff_reader_start. */
const ctiff_info *ctiff_reader_info(const ctiff_reader *reader);

/* The ICC profile (TIFFTAG_ICCPROFILE) of the first directory, valid until the
 * reader is destroyed; NULL when there is none, and for CIELab, whose rows the shim
 * converts to sRGB itself. */
const uint8_t *ctiff_reader_icc_profile(const ctiff_reader *reader, size_t *count);

/* Starts the RGBA decode after ctiff_reader_open, and sets aside one chunk of
 * rows (info.rows_per_chunk x width pixels). */
cimage_status ctiff_reader_start(ctiff_reader *reader);

/* Delivers the next `count` rows, each 4*width bytes, `stride` bytes apart. */
cimage_status ctiff_reader_read_rows(ctiff_reader *reader, uint8_t *pixels, size_t stride, uint32_t count);

/* One libtiff writer over an open descriptor the caller keeps owning: one image, tiled
 * 256x256, 8-bit RGB or RGBA with unassociated alpha, written with pwrite from the
 * descriptor's offset at start (so the output must be seekable). Rows are kept until a
 * row of tiles is full, then its tiles are written. Per-handle handlers keep libtiff's
 * first error; nothing is printed. CIMAGE_ERROR_IO when a write failed (errno kept). */
typedef struct ctiff_writer ctiff_writer;

/* NULL when memory runs out. */
ctiff_writer *ctiff_writer_create(int fd);
void ctiff_writer_destroy(ctiff_writer *writer);
const char *ctiff_writer_message(const ctiff_writer *writer);
int ctiff_writer_errno(const ctiff_writer *writer);

/* Writes the header and sets the tags: `channels` 3 or 4, `compression` 0 (none) or a
 * deflate level 1 to 9 (with the horizontal predictor), BigTIFF when `big`, `icc` (may
 * be NULL) as the ICC profile tag. */
cimage_status ctiff_writer_start(ctiff_writer *writer, uint32_t width, uint32_t height, int channels, int compression,
                                 int big, const uint8_t *icc, size_t icc_length);

/* Takes the next `count` rows, `stride` bytes apart, writing each row of tiles once full. */
cimage_status ctiff_writer_write_rows(ctiff_writer *writer, const uint8_t *pixels, size_t stride, uint32_t count);

/* After the last row: sets ImageDescription to `description` (may be NULL), writes the
 * directory and ends the TIFF. */
cimage_status ctiff_writer_finish(ctiff_writer *writer, const char *description);

/* The ImageDescription tag of the first directory, valid until the reader is destroyed;
 * NULL when there is none. */
const char *ctiff_reader_image_description(const ctiff_reader *reader);

#endif

#ifndef CHEIF_H
#define CHEIF_H

#include "cimage_status.h"

#include <stddef.h>
#include <stdint.h>

/* One libheif context over a HEIF file (HEIC or AVIF) read through a callback,
 * its primary image and that image's thumbnails, decoded to 8-bit straight
 * RGBA with the file's transformations (rotation, mirroring, clean aperture)
 * applied, so the pixels stand upright.
 *
 * libheif reads box headers a byte at a time, so the shim serves its reads
 * from a window it refills through the callback; only the boxes and the image
 * data the decode needs are read, never the whole file.
 *
 * libheif returns errors as values and never jumps, so no setjmp is needed;
 * it does not print. Messages are kept in the handle.
 *
 * Statuses: CIMAGE_ERROR_IO when the caller's read function failed (the caller
 * keeps why); CIMAGE_ERROR_TRUNCATED when a top-level box or an item's data reaches
 * past the end of the file; CIMAGE_ERROR_UNSUPPORTED for a codec without a
 * decoder, a feature libheif lacks or one of its security limits;
 * CIMAGE_ERROR_FORMAT for damaged boxes or data, a width or height of 0 included. */

/* Files carry one thumbnail, rarely two; more are not looked at. */
enum { CHEIF_MAX_THUMBNAILS = 8 };


/* What the primary image's properties say, read without decoding. */
typedef struct {
    /* The upright size: libheif applies rotation and clean aperture to ispe. */
    uint32_t width;
    uint32_t height;
    /* The coded size (ispe), which the decoder allocates before cropping. */
    uint32_t coded_width;
    uint32_t coded_height;
    int has_alpha;
    int thumbnail_count;
    /* 1 once libheif found the primary image, so a size of 0 is that image's, not the
     * zeroed info of boxes libheif refused. */
    int has_primary;
    /* 1 when the file has an alpha item for the primary image that libheif 1.15 left out
     * (its size after its own transforms is not the colour image's): drawn opaque. */
    int alpha_left_out;
} cheif_info;

typedef struct cheif_reader cheif_reader;

/* NULL when memory runs out. */
cheif_reader *cheif_reader_create(void);
void cheif_reader_destroy(cheif_reader *reader);

const char *cheif_reader_message(const cheif_reader *reader);

/* 1 when the last CIMAGE_ERROR_UNSUPPORTED was an image sequence (a moov box, no still
 * image libheif 1.15 can find): libheif 1.15 reads no sequence's frames. */
int cheif_reader_is_sequence(const cheif_reader *reader);

/* Parses the boxes of the HEIF file read through `read` with `context` (which
 * must outlive the reader), finds the primary image, fills `info`, and refuses
 * images whose upright or coded size is over max_pixels before anything is decoded. */
cimage_status cheif_reader_open(cheif_reader *reader, void *context, cimage_read_function read, uint64_t max_pixels,
                               cheif_info *info);

/* The primary image's ICC profile (a colr box of type prof or rICC), valid
 * until the reader is destroyed; NULL when there is none. */
const uint8_t *cheif_reader_icc_profile(cheif_reader *reader, size_t *count);

/* The first metadata item of the primary image with this item type ("mime",
 * "Exif") and content type, valid until the next call or the reader is destroyed;
 * *bytes is NULL when there is none. An item declaring more than `max_size` bytes
 * (the file's size) is CIMAGE_ERROR_TRUNCATED, refused before anything is allocated. */
cimage_status cheif_reader_metadata(cheif_reader *reader, const char *item_type, const char *content_type,
                                    uint64_t max_size, const uint8_t **bytes, size_t *count);

/* A colr box of type nclx: ITU-T H.273 code points, as stored. */
typedef struct {
    uint16_t primaries;
    uint16_t transfer;
    uint16_t matrix;
    uint8_t full_range;
} cheif_nclx;

/* Fills `nclx` from the primary image's nclx box and returns 1; returns 0 when it has
 * none (or it cannot be read, which leaves the image's colours as they are). */
int cheif_reader_nclx(const cheif_reader *reader, cheif_nclx *nclx);

/* The upright size of thumbnail `index` (0 to info.thumbnail_count - 1). */
cimage_status cheif_reader_thumbnail_size(const cheif_reader *reader, int index, uint32_t *width, uint32_t *height);

/* Decodes thumbnail `index`, or the primary image when `index` is -1, to RGBA
 * (opaque alpha when the image has none; an alpha plane marked limited range
 * expanded to full, which libheif 1.15 does not), upright, 8 bits per sample. */
cimage_status cheif_reader_decode(cheif_reader *reader, int index, uint32_t *width, uint32_t *height);

/* The decoded pixels, rows `*stride` bytes apart, valid until the reader is destroyed. */
const uint8_t *cheif_reader_pixels(const cheif_reader *reader, size_t *stride);

#endif

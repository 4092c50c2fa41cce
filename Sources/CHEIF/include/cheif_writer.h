#ifndef CHEIF_WRITER_H
#define CHEIF_WRITER_H

#include "cimage_status.h"

#include <stddef.h>
#include <stdint.h>

/* One libheif context that encodes a whole image held in memory as AVIF (AV1 through
 * libheif's aom plugin), takes metadata items for it, and writes the file to memory.
 * libheif returns errors as values and never jumps, so no setjmp is needed; messages
 * are kept in the handle. */

typedef struct cheif_writer cheif_writer;

/* NULL when memory runs out. */
cheif_writer *cheif_writer_create(void);
void cheif_writer_destroy(cheif_writer *writer);

const char *cheif_writer_message(const cheif_writer *writer);

/* Encodes `height` rows of `width` 8-bit sRGB pixels, RGB (has_alpha 0) or straight
 * RGBA, `stride` bytes apart, once per handle.
 *
 * Lossless is exact: the AV1 image is the RGB samples themselves (nclx matrix 0, the
 * identity, 4:4:4, full range) with lossless alpha. Lossy is nclx sRGB with the
 * BT.601 matrix (6), full range, 4:2:0, at `quality` 1 to 100.
 * CIMAGE_ERROR_UNSUPPORTED when libheif has no AV1 encoder. */
cimage_status cheif_writer_encode(cheif_writer *writer, const uint8_t *pixels, uint32_t width, uint32_t height,
                                  size_t stride, int has_alpha, int quality, int lossless);

/* Adds a metadata item of `item_type` ("mime") and `content_type` (a MIME type, or
 * NULL) holding a copy of `count` bytes, describing the encoded image. */
cimage_status cheif_writer_add_metadata(cheif_writer *writer, const char *item_type, const char *content_type,
                                        const uint8_t *bytes, size_t count);

/* Writes the file; *bytes stays valid until the handle is destroyed. */
cimage_status cheif_writer_assemble(cheif_writer *writer, const uint8_t **bytes, size_t *count);

#endif

#ifndef CHEIF_WRITER_H
#define CHEIF_WRITER_H

#include "cimage_status.h"

#include <stddef.h>
#include <stdint.h>

/* One libheif context that encodes a whole image held in memory as AVIF (AV1 through
 * libheif's aom plugin), takes metadata items for it, and writes the file to memory.
 * libheif returns errors as values and never jumps, so no setjmp is needed; messages
 * are kept in the handle. */

/* cheif_writer_encode: lossless is exact, the AV1 image being the RGB samples themselves
 * (nclx matrix 0, the identity, 4:4:4, full range) with lossless alpha; lossy is nclx
 * sRGB with the BT.601 matrix (6), full range, 4:2:0. CIMAGE_ERROR_UNSUPPORTED when
 * libheif has no AV1 encoder. */
CIMAGE_DECLARE_ENCODER(cheif_writer)

/* Adds a metadata item of `item_type` ("mime") and `content_type` (a MIME type, or
 * NULL) holding a copy of `count` bytes, describing the encoded image. */
cimage_status cheif_writer_add_metadata(cheif_writer *writer, const char *item_type, const char *content_type,
                                        const uint8_t *bytes, size_t count);

#endif

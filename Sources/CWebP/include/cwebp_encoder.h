#ifndef CWEBP_ENCODER_H
#define CWEBP_ENCODER_H

#include "cimage_status.h"

#include <stddef.h>
#include <stdint.h>

/* One WebP encode of a whole image held in memory (WebP cannot be streamed), then
 * WebPMux to add chunks around the bitstream. The handle owns the encoded
 * bitstream, the mux and the assembled file; failures come back as a status and a
 * message kept in the handle. libwebp never jumps and prints nothing. */

/* WebP's largest side, from the VP8 and VP8L headers' 14-bit fields. */
enum { CWEBP_MAX_SIDE = 16383 };

/* cwebp_encoder_encode: lossless keeps every pixel exact, the colour under transparent
 * pixels included (`exact`). CIMAGE_ERROR_ARGUMENT for sizes over CWEBP_MAX_SIDE or a bad
 * quality, CIMAGE_ERROR_MEMORY when libwebp runs out. */
CIMAGE_DECLARE_ENCODER(cwebp_encoder)

/* Adds a chunk `fourcc` (4 characters: "ICCP", or one of the caller's own, which
 * readers keep and skip) holding a copy of `count` bytes; after encode. */
cimage_status cwebp_encoder_set_chunk(cwebp_encoder *encoder, const char *fourcc, const uint8_t *bytes, size_t count);

#endif

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

typedef struct cwebp_encoder cwebp_encoder;

/* NULL when memory runs out. */
cwebp_encoder *cwebp_encoder_create(void);
void cwebp_encoder_destroy(cwebp_encoder *encoder);

const char *cwebp_encoder_message(const cwebp_encoder *encoder);

/* Encodes `height` rows of `width` 8-bit RGB (has_alpha 0) or straight RGBA pixels,
 * `stride` bytes apart, once per handle. Lossless keeps every pixel exact, the colour
 * under transparent pixels included (`exact`); otherwise `quality` is 1 to 100.
 * CIMAGE_ERROR_ARGUMENT for sizes over CWEBP_MAX_SIDE or a bad quality,
 * CIMAGE_ERROR_MEMORY when libwebp runs out. */
cimage_status cwebp_encoder_encode(cwebp_encoder *encoder, const uint8_t *pixels, uint32_t width, uint32_t height,
                                   size_t stride, int has_alpha, int quality, int lossless);

/* Adds a chunk `fourcc` (4 characters: "ICCP", or one of the caller's own, which
 * readers keep and skip) holding a copy of `count` bytes; after encode. */
cimage_status cwebp_encoder_set_chunk(cwebp_encoder *encoder, const char *fourcc, const uint8_t *bytes, size_t count);

/* Assembles the file; *bytes stays valid until the handle is destroyed. */
cimage_status cwebp_encoder_assemble(cwebp_encoder *encoder, const uint8_t **bytes, size_t *count);

#endif

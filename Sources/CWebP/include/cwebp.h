#ifndef CWEBP_H
#define CWEBP_H

#include "cimage_status.h"

#include <stddef.h>
#include <stdint.h>

/* libwebp returns status codes and never jumps, so no entry point needs setjmp.
 * One handle owns a copy of the file's bytes, the demuxer over them and the
 * first frame's place on the canvas; failures come back as a status code and
 * a message kept in the handle. Nothing is printed. */


/* What the header says (probe), and where the first frame goes and at what
 * size it will be delivered (start). */
typedef struct {
    /* The canvas: VP8X's for an extended file, the bitstream's otherwise. */
    uint32_t width;
    uint32_t height;
    int has_alpha;
    int has_animation;

    /* Filled by start. */
    uint32_t frame_count;
    uint32_t frame_x;
    uint32_t frame_y;
    uint32_t frame_width;
    uint32_t frame_height;
    /* The whole-number factor the canvas is reduced by on decode (1: full size). */
    uint32_t reduction;
    uint32_t output_width;
    uint32_t output_height;
} cwebp_info;

typedef struct cwebp_decoder cwebp_decoder;

/* A decoder over a copy of `count` bytes: the whole file for start and decode,
 * or just its first bytes for probe. NULL when memory runs out. */
cwebp_decoder *cwebp_decoder_create(const uint8_t *bytes, size_t count);
void cwebp_decoder_destroy(cwebp_decoder *decoder);

const char *cwebp_decoder_message(const cwebp_decoder *decoder);

/* WebPGetFeatures on the bytes: the canvas size, alpha and animation flags.
 * About 30 bytes are enough for a simple file and for VP8X; with fewer the
 * status is CIMAGE_ERROR_TRUNCATED. */
cimage_status cwebp_decoder_probe(cwebp_decoder *decoder, cwebp_info *info);

/* Parses the whole container with WebPDemux, refuses a canvas over max_pixels,
 * finds the first frame, and picks the largest whole-number reduction whose
 * output still covers min_width x min_height (0 x 0 asks for the smallest).
 * Only a first frame covering the canvas (every still image) is reduced; an
 * animation's smaller first frame is delivered at full size. */
cimage_status cwebp_decoder_start(cwebp_decoder *decoder, uint64_t max_pixels,
                                 uint32_t min_width, uint32_t min_height, cwebp_info *info);

/* Decodes the first frame as straight RGBA onto output_height rows of
 * output_width pixels, `stride` bytes apart in `capacity` bytes, the canvas
 * around a smaller frame fully transparent. */
cimage_status cwebp_decoder_decode(cwebp_decoder *decoder, uint8_t *pixels, size_t stride, size_t capacity);

#endif

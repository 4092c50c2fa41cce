#ifndef CFT_H
#define CFT_H

#include <stdint.h>

/* FreeType reports every failure as an FT_Error code and never jumps, so these
 * shims only pass codes through: 0 is success, anything else a FreeType error
 * that cft_error_message names. Nothing here prints or keeps global state. */

/* One face with its own FT_Library, so faces on different threads share nothing. */
typedef struct cft_face cft_face;

/* The face's size metrics at the current pixel size, in 26.6 fixed point;
 * FreeType rounds the ascender up and the descender (negative) down. */
typedef struct {
    long ascender;
    long descender;
    long height;
} cft_metrics;

int cft_face_open(const char *path, cft_face **face);
void cft_face_destroy(cft_face *face);

int cft_face_set_pixel_size(cft_face *face, unsigned pixel_size);
void cft_face_metrics(const cft_face *face, cft_metrics *metrics);

/* The glyph for a Unicode code point, or 0 (.notdef) when the face has none. */
unsigned cft_face_glyph_index(const cft_face *face, uint32_t code_point);

/* The glyph's horizontal advance in 26.6, unhinted. */
int cft_face_glyph_advance(cft_face *face, unsigned glyph, long *advance);

/* Renders the glyph, unhinted and antialiased, with its origin at column
 * origin_x on row baseline of a width x height buffer of 8-bit coverage (one
 * byte a pixel, no padding). Pixels outside the buffer are dropped; where
 * glyphs overlap the larger coverage is kept. */
int cft_face_draw_glyph(cft_face *face, unsigned glyph, int origin_x, int baseline,
                        uint8_t *buffer, int width, int height);

/* FreeType's text for an error code, or "unknown FreeType error". */
const char *cft_error_message(int code);

/* The FreeType the shims were built against, e.g. "2.12.1": its rasteriser draws
 * every caption. */
const char *cft_library_version(void);

#endif

#include "cft.h"

#include <stdlib.h>

#include <ft2build.h>
#include FT_FREETYPE_H

struct cft_face {
    FT_Library library;
    FT_Face face;
};

/* Outlines only and no hinting: the same coverage from any FreeType build,
 * whatever its hinting defaults, and no embedded bitmaps in other formats. */
static const FT_Int32 load_flags = FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP;

int cft_face_open(const char *path, cft_face **face) {
    *face = NULL;
    cft_face *handle = calloc(1, sizeof *handle);
    if (handle == NULL) return FT_Err_Out_Of_Memory;
    FT_Error error = FT_Init_FreeType(&handle->library);
    if (error) {
        free(handle);
        return error;
    }
    error = FT_New_Face(handle->library, path, 0, &handle->face);
    if (error) {
        FT_Done_FreeType(handle->library);
        free(handle);
        return error;
    }
    if (!FT_IS_SCALABLE(handle->face)) {
        cft_face_destroy(handle);
        return FT_Err_Invalid_File_Format;
    }
    *face = handle;
    return 0;
}

void cft_face_destroy(cft_face *face) {
    if (face == NULL) return;
    FT_Done_Face(face->face);
    FT_Done_FreeType(face->library);
    free(face);
}

int cft_face_set_pixel_size(cft_face *face, unsigned pixel_size) {
    return FT_Set_Pixel_Sizes(face->face, 0, pixel_size);
}

void cft_face_metrics(const cft_face *face, cft_metrics *metrics) {
    const FT_Size_Metrics *size = &face->face->size->metrics;
    metrics->ascender = size->ascender;
    metrics->descender = size->descender;
    metrics->height = size->height;
}

unsigned cft_face_glyph_index(const cft_face *face, uint32_t code_point) {
    return FT_Get_Char_Index(face->face, code_point);
}

int cft_face_glyph_advance(cft_face *face, unsigned glyph, long *advance) {
    *advance = 0;
    FT_Error error = FT_Load_Glyph(face->face, glyph, load_flags);
    if (error) return error;
    *advance = face->face->glyph->advance.x;
    return 0;
}

int cft_face_draw_glyph(cft_face *face, unsigned glyph, int origin_x, int baseline,
                        uint8_t *buffer, int width, int height) {
    FT_Error error = FT_Load_Glyph(face->face, glyph, load_flags | FT_LOAD_RENDER);
    if (error) return error;
    const FT_GlyphSlot slot = face->face->glyph;
    const FT_Bitmap *bitmap = &slot->bitmap;
    if (bitmap->pixel_mode != FT_PIXEL_MODE_GRAY) {
        /* An outline renders to 8-bit grey; anything else would be a face FreeType
         * cannot render as asked, so report it rather than guess at its pixels. */
        return bitmap->rows == 0 || bitmap->width == 0 ? 0 : FT_Err_Invalid_Pixel_Size;
    }
    const int left = origin_x + slot->bitmap_left;
    const int top = baseline - slot->bitmap_top;
    for (unsigned row = 0; row < bitmap->rows; row++) {
        const int y = top + (int)row;
        if (y < 0 || y >= height) continue;
        const unsigned char *source = bitmap->buffer + (long)row * bitmap->pitch;
        uint8_t *target = buffer + (long)y * width;
        for (unsigned column = 0; column < bitmap->width; column++) {
            const int x = left + (int)column;
            if (x < 0 || x >= width) continue;
            if (source[column] > target[x]) target[x] = source[column];
        }
    }
    return 0;
}

const char *cft_error_message(int code) {
#undef FTERRORS_H_
#define FT_ERRORDEF(e, v, s) case v: return s;
#define FT_ERROR_START_LIST switch (code) {
#define FT_ERROR_END_LIST }
#include FT_ERRORS_H
    return "unknown FreeType error";
}

#define CFT_STRING(x) #x
#define CFT_VERSION_STRING(major, minor, patch) CFT_STRING(major) "." CFT_STRING(minor) "." CFT_STRING(patch)

const char *cft_library_version(void) {
    return CFT_VERSION_STRING(FREETYPE_MAJOR, FREETYPE_MINOR, FREETYPE_PATCH);
}

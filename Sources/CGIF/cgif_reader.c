#include "cgif.h"
#include "cgif_lzw.h"
#include "cimage_shim.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <gif_lib.h>

struct cgif_reader {
    GifFileType *gif;

    /* The source: a descriptor refilling the input's buffer, or that buffer holding all
     * of a copy (its fd then -1). */
    cimage_fd_input input;
    size_t available;
    size_t position;
    /* Set by the read callback, because giflib reports a short read under other
     * names (D_GIF_ERR_NO_SCRN_DSCR from DGifOpen) or none at all. */
    int hit_end;
    /* The last byte read: the LZW minimum code size, when giflib refuses it. */
    uint8_t last_byte;
    /* The shim's own LZW decoder, for a first frame whose minimum code size giflib refuses. */
    cgif_lzw *lzw;

    char message[CIMAGE_MESSAGE_CAPACITY];
    cgif_info info;
    /* RGBA for every possible index, transparency and missing entries resolved. */
    uint8_t palette[256][4];
    /* One frame row of indices, as giflib delivers them. */
    uint8_t *line;
    /* Every frame row of indices, for an interlaced frame, filled at its first row. */
    uint8_t *frame;
    uint32_t rows_read;
    int started;
};

/* What a failed giflib call comes to: the callback's own record of the source
 * decides first, since giflib's error codes do not tell a cut file from a damaged one. */
static cimage_status library_failure(cgif_reader *reader, int code) {
    if (reader->input.saved_errno != 0) return cimage_fail(reader->message, CIMAGE_ERROR_IO, "%s", strerror(reader->input.saved_errno));
    if (reader->hit_end) return cimage_fail(reader->message, CIMAGE_ERROR_TRUNCATED, "the data ends early");
    switch (code) {
    case D_GIF_ERR_NOT_GIF_FILE: return cimage_fail(reader->message, CIMAGE_ERROR_SIGNATURE, "the data does not start with GIF");
    case D_GIF_ERR_NOT_ENOUGH_MEM: return cimage_fail(reader->message, CIMAGE_ERROR_MEMORY, "out of memory");
    /* giflib's name for an LZW minimum code size over 8, which start_own_lzw takes
     * up to 11; every real short read has set hit_end above. */
    case D_GIF_ERR_READ_FAILED: return cimage_fail(reader->message, CIMAGE_ERROR_FORMAT, "an LZW minimum code size over 8");
    case 0: return cimage_fail(reader->message, CIMAGE_ERROR_FORMAT, "damaged LZW data");
    /* giflib's "Wrong record type detected", in a reader's words. */
    case D_GIF_ERR_WRONG_RECORD:
        return cimage_fail(reader->message, CIMAGE_ERROR_FORMAT,
                           "a block before the first image starts with no GIF block's byte (an image 2C, an extension 21 or the trailer 3B)");
    case D_GIF_ERR_DATA_TOO_BIG:
        return cimage_fail(reader->message, CIMAGE_ERROR_FORMAT, "the frame's LZW data holds more pixels than its size");
    case D_GIF_ERR_IMAGE_DEFECT: return cimage_fail(reader->message, CIMAGE_ERROR_FORMAT, "damaged LZW data");
    case D_GIF_ERR_EOF_TOO_SOON:
        return cimage_fail(reader->message, CIMAGE_ERROR_FORMAT, "the LZW data ends before the frame's last pixel");
    default: {
        const char *text = GifErrorString(code);
        return cimage_fail(reader->message, CIMAGE_ERROR_FORMAT, "%s", text != NULL ? text : "unknown giflib error");
    }
    }
}

/* giflib's InputFunc: copies up to `length` bytes, fewer only at the end of the
 * data or on a read error, which it records for library_failure. */
static int source_read(GifFileType *gif, GifByteType *destination, int length) {
    cgif_reader *reader = gif->UserData;
    int copied = 0;
    while (copied < length) {
        if (reader->position == reader->available) {
            if (reader->input.fd < 0) {
                reader->hit_end = 1;
                break;
            }
            ssize_t got = cimage_fd_input_fill(&reader->input);
            if (got < 0) break;
            if (got == 0) {
                reader->hit_end = 1;
                break;
            }
            reader->available = (size_t)got;
            reader->position = 0;
        }
        size_t take = reader->available - reader->position;
        if (take > (size_t)(length - copied)) take = (size_t)(length - copied);
        memcpy(destination + copied, reader->input.buffer + reader->position, take);
        reader->position += take;
        copied += (int)take;
    }
    if (copied > 0) reader->last_byte = destination[copied - 1];
    return copied;
}

cgif_reader *cgif_reader_create_fd(int fd) {
    return cimage_reader_alloc(sizeof(cgif_reader), offsetof(cgif_reader, input), fd);
}

cgif_reader *cgif_reader_create_memory(const void *bytes, size_t count) {
    cgif_reader *reader = calloc(1, sizeof *reader);
    if (reader == NULL) return NULL;
    reader->input.buffer = malloc(count > 0 ? count : 1);
    if (reader->input.buffer == NULL) {
        free(reader);
        return NULL;
    }
    if (count > 0) memcpy(reader->input.buffer, bytes, count);
    reader->input.fd = -1;
    reader->available = count;
    return reader;
}

void cgif_reader_destroy(cgif_reader *reader) {
    if (reader == NULL) return;
    /* Frees the GifFileType even when it reports an error; with a read callback
     * there is no FILE for it to close. */
    if (reader->gif != NULL) DGifCloseFile(reader->gif, NULL);
    free(reader->lzw);
    free(reader->frame);
    free(reader->line);
    free(reader->input.buffer);
    free(reader);
}

CIMAGE_DEFINE_MESSAGE(cgif_reader)

CIMAGE_DEFINE_ERRNO(cgif_reader, input.saved_errno)

/* Skips one extension's data sub-blocks, keeping a graphic control extension's
 * transparent index: the last one before the image applies to it. */
static cimage_status read_extension(cgif_reader *reader, int *transparent_index) {
    GifFileType *gif = reader->gif;
    int code = 0;
    GifByteType *block = NULL;
    if (DGifGetExtension(gif, &code, &block) == GIF_ERROR) return library_failure(reader, gif->Error);
    if (code == GRAPHICS_EXT_FUNC_CODE) {
        GraphicsControlBlock control;
        /* giflib hands sub-blocks over with their length in byte 0; a control
         * block of another length than 4 is ignored, as giflib's own slurp does. */
        if (block != NULL && DGifExtensionToGCB(block[0], block + 1, &control) == GIF_OK) {
            *transparent_index = control.TransparentColor;
        }
    }
    while (block != NULL) {
        if (DGifGetExtensionNext(gif, &block) == GIF_ERROR) return library_failure(reader, gif->Error);
    }
    return CIMAGE_OK;
}

static void fill_palette(cgif_reader *reader, const ColorMapObject *map, int transparent_index) {
    for (int i = 0; i < 256; i++) {
        uint8_t *entry = reader->palette[i];
        if (map == NULL) {
            entry[0] = entry[1] = entry[2] = (uint8_t)i;
        } else if (i < map->ColorCount) {
            entry[0] = map->Colors[i].Red;
            entry[1] = map->Colors[i].Green;
            entry[2] = map->Colors[i].Blue;
        } else {
            /* giflib does not check indices against the palette; past its end is black. */
            entry[0] = entry[1] = entry[2] = 0;
        }
        entry[3] = 255;
    }
    if (transparent_index >= 0 && transparent_index < 256) memset(reader->palette[transparent_index], 0, 4);
}

static int lzw_source(void *context, uint8_t *bytes, int count) {
    cgif_reader *reader = context;
    return source_read(reader->gif, bytes, count);
}

/* giflib refuses a minimum code size over 8 (its error says a read failed), having read
 * the frame's descriptor and palette; browsers read up to 11, so the shim decodes those. */
static cimage_status start_own_lzw(cgif_reader *reader) {
    GifFileType *gif = reader->gif;
    int size = reader->last_byte;
    if (gif->Error != D_GIF_ERR_READ_FAILED || reader->hit_end || reader->input.saved_errno != 0 || size < 9) {
        return library_failure(reader, gif->Error);
    }
    if (size > 11) {
        return cimage_fail(reader->message, CIMAGE_ERROR_FORMAT, "an LZW minimum code size of %d (GIF readers take 2 to 11)", size);
    }
    reader->lzw = malloc(sizeof *reader->lzw);
    if (reader->lzw == NULL) return cimage_fail(reader->message, CIMAGE_ERROR_MEMORY, "out of memory");
    cgif_lzw_start(reader->lzw, size, lzw_source, reader);
    return CIMAGE_OK;
}

/* What the shim's LZW decoder met, as a status and words. */
static cimage_status lzw_failure(cgif_reader *reader, cgif_lzw_status status, int bad_index) {
    switch (status) {
    case CGIF_LZW_OK: return CIMAGE_OK;
    case CGIF_LZW_END_OF_DATA: return library_failure(reader, D_GIF_ERR_READ_FAILED);
    case CGIF_LZW_SHORT: return cimage_fail(reader->message, CIMAGE_ERROR_FORMAT, "the LZW data ends before the frame's last pixel");
    case CGIF_LZW_INDEX_PAST_PALETTE:
        return cimage_fail(reader->message, CIMAGE_ERROR_FORMAT, "a pixel of index %d, past the 256 a GIF palette holds", bad_index);
    case CGIF_LZW_BAD_CODE: break;
    }
    return cimage_fail(reader->message, CIMAGE_ERROR_FORMAT, "damaged LZW data");
}

/* One row of the frame's indices, from giflib or from the shim's own decoder. */
static cimage_status read_line(cgif_reader *reader, uint8_t *indices) {
    if (reader->lzw != NULL) {
        int bad_index = 0;
        return lzw_failure(reader, cgif_lzw_read_pixels(reader->lzw, indices, reader->info.frame_width, &bad_index), bad_index);
    }
    if (DGifGetLine(reader->gif, indices, (int)reader->info.frame_width) == GIF_ERROR) return library_failure(reader, reader->gif->Error);
    return CIMAGE_OK;
}

cimage_status cgif_reader_start(cgif_reader *reader, uint64_t max_pixels, cgif_info *info) {
    if (reader->started || reader->gif != NULL) return cimage_fail(reader->message, CIMAGE_ERROR_STATE, "the decode has already started");
    memset(info, 0, sizeof *info);
    int error = 0;
    /* DGifOpen frees its own state when it fails, reading the signature and the
     * logical screen descriptor with its global palette. */
    reader->gif = DGifOpen(reader, source_read, &error);
    if (reader->gif == NULL) return library_failure(reader, error);
    GifFileType *gif = reader->gif;

    int transparent_index = NO_TRANSPARENT_COLOR;
    for (;;) {
        GifRecordType type;
        if (DGifGetRecordType(gif, &type) == GIF_ERROR) return library_failure(reader, gif->Error);
        if (type == IMAGE_DESC_RECORD_TYPE) break;
        if (type == TERMINATE_RECORD_TYPE) return cimage_fail(reader->message, CIMAGE_ERROR_FORMAT, "the trailer comes before any image");
        cimage_status status = read_extension(reader, &transparent_index);
        if (status != CIMAGE_OK) return status;
    }
    /* Also reads the local palette and the LZW minimum code size. */
    if (DGifGetImageDesc(gif) == GIF_ERROR) {
        cimage_status status = start_own_lzw(reader);
        if (status != CIMAGE_OK) return status;
    }

    const GifImageDesc *image = &gif->Image;
    info->frame_left = (uint32_t)image->Left;
    info->frame_top = (uint32_t)image->Top;
    info->frame_width = (uint32_t)image->Width;
    info->frame_height = (uint32_t)image->Height;
    uint32_t right = info->frame_left + info->frame_width, bottom = info->frame_top + info->frame_height;
    uint32_t screen_width = (uint32_t)gif->SWidth, screen_height = (uint32_t)gif->SHeight;
    info->width = right > screen_width ? right : screen_width;
    info->height = bottom > screen_height ? bottom : screen_height;
    info->interlaced = image->Interlace;
    info->transparent_index = transparent_index;
    const ColorMapObject *map = image->ColorMap != NULL ? image->ColorMap : gif->SColorMap;
    info->local_palette = image->ColorMap != NULL;

    if (info->width == 0 || info->height == 0) {
        return cimage_fail(reader->message, CIMAGE_ERROR_FORMAT, "the logical screen and the first frame are both empty");
    }
    if ((uint64_t)info->width * info->height > max_pixels) {
        return cimage_fail(reader->message, CIMAGE_ERROR_LIMIT, "%ux%u is %llu pixels, over the limit of %llu", info->width,
                    info->height, (unsigned long long)info->width * info->height, (unsigned long long)max_pixels);
    }
    fill_palette(reader, map, transparent_index);
    reader->line = malloc(info->frame_width > 0 ? info->frame_width : 1);
    if (reader->line == NULL) return cimage_fail(reader->message, CIMAGE_ERROR_MEMORY, "out of memory");
    reader->info = *info;
    reader->started = 1;
    return CIMAGE_OK;
}

/* Decodes an interlaced frame's four passes into `frame`, each row in its place:
 * giflib returns rows in file order, pass by pass. */
static cimage_status read_interlaced(cgif_reader *reader) {
    static const uint32_t first_row[4] = {0, 4, 2, 1}, row_step[4] = {8, 8, 4, 2};
    const cgif_info *info = &reader->info;
    reader->frame = malloc((size_t)info->frame_width * info->frame_height);
    if (reader->frame == NULL) return cimage_fail(reader->message, CIMAGE_ERROR_MEMORY, "out of memory");
    for (int pass = 0; pass < 4; pass++) {
        for (uint32_t row = first_row[pass]; row < info->frame_height; row += row_step[pass]) {
            cimage_status status = read_line(reader, reader->frame + (size_t)row * info->frame_width);
            if (status != CIMAGE_OK) return status;
        }
    }
    return CIMAGE_OK;
}

cimage_status cgif_reader_read_rows(cgif_reader *reader, uint8_t *pixels, size_t stride, uint32_t count) {
    const cgif_info *info = &reader->info;
    if (!reader->started || count > info->height - reader->rows_read) {
        return cimage_fail(reader->message, CIMAGE_ERROR_STATE, "rows asked for past the last one");
    }
    size_t row_bytes = (size_t)info->width * 4;
    for (uint32_t i = 0; i < count; i++) {
        uint8_t *row = pixels + i * stride;
        uint32_t y = reader->rows_read;
        memset(row, 0, row_bytes);
        /* giflib reads a zero-width line as the whole frame's width, so an empty frame is never asked for. */
        if (y >= info->frame_top && y - info->frame_top < info->frame_height && info->frame_width > 0) {
            const uint8_t *indices;
            if (info->interlaced) {
                if (reader->frame == NULL) {
                    cimage_status status = read_interlaced(reader);
                    if (status != CIMAGE_OK) return status;
                }
                indices = reader->frame + (size_t)(y - info->frame_top) * info->frame_width;
            } else {
                cimage_status status = read_line(reader, reader->line);
                if (status != CIMAGE_OK) return status;
                indices = reader->line;
            }
            uint8_t *destination = row + (size_t)info->frame_left * 4;
            for (uint32_t x = 0; x < info->frame_width; x++) memcpy(destination + (size_t)x * 4, reader->palette[indices[x]], 4);
        }
        reader->rows_read++;
    }
    return CIMAGE_OK;
}

cimage_status cgif_reader_finish(cgif_reader *reader) {
    const cgif_info *info = &reader->info;
    if (!reader->started || reader->rows_read != info->height) {
        return cimage_fail(reader->message, CIMAGE_ERROR_STATE, "finish before the last row");
    }
    GifFileType *gif = reader->gif;
    /* DGifGetLine skips the LZW data left after a frame's last pixel itself;
     * an empty frame never called it, so its data is skipped here. */
    if (reader->lzw != NULL) {
        cimage_status status = lzw_failure(reader, cgif_lzw_skip_rest(reader->lzw), 0);
        if (status != CIMAGE_OK) return status;
    } else if (info->frame_width == 0 || info->frame_height == 0) {
        int code_size = 0;
        GifByteType *block = NULL;
        if (DGifGetCode(gif, &code_size, &block) == GIF_ERROR) return library_failure(reader, gif->Error);
        while (block != NULL) {
            if (DGifGetCodeNext(gif, &block) == GIF_ERROR) return library_failure(reader, gif->Error);
        }
    }
    /* What follows a complete first frame is only looked at, never required: a byte that
     * starts no GIF record (a second GIF's header, where a careless concatenation put it)
     * ends the file as Pillow and browsers read it, with the first frame shown. A cut file
     * is still reported. */
    GifRecordType type;
    if (DGifGetRecordType(gif, &type) == GIF_ERROR && gif->Error != D_GIF_ERR_WRONG_RECORD) {
        return library_failure(reader, gif->Error);
    }
    reader->started = 0;
    return CIMAGE_OK;
}

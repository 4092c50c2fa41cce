#include "cpng.h"
#include "cpng_idat.h"
#include "cimage_shim.h"

#include <png.h>
#include <errno.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct cpng_reader {
    png_structp png;
    png_infop info;
    jmp_buf jump;
    /* What the failing callback decided; libpng's own errors stay FORMAT. */
    cimage_status failure;
    char message[CIMAGE_MESSAGE_CAPACITY];

    cimage_fd_input input;
    const unsigned char *memory;
    size_t memory_count;
    size_t memory_offset;
    size_t buffer_start;
    size_t buffer_end;

    /* Row pointers of a whole-image read, kept here so the error path frees them. */
    png_bytepp rows;
    /* The last 8-byte read: after png_read_info, the first IDAT chunk's length and type. */
    uint8_t last_header[8];
    /* The image data read without libpng, for the images cpng_idat.h covers; else NULL. */
    cpng_idat *idat;
    cpng_idat_source source;
    uint32_t width;
    uint32_t height;
    int interlaced;
    int started;
    /* Set while png_read_end runs, so a file ending where a chunk header should be is
     * told from one cut inside a chunk. */
    int finishing;
    /* Set when the file ended after a whole chunk, before IEND (either path). */
    int missing_end;
};

static void reader_error(png_structp png, png_const_charp text) {
    cpng_reader *reader = png_get_error_ptr(png);
    snprintf(reader->message, sizeof reader->message, "%s", text);
    longjmp(reader->jump, 1);
}

/* Warnings are for recoverable damage (a bad ancillary chunk): the pixels stay
 * valid, so the reader keeps quiet instead of printing from library code. */
static void reader_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

static void reader_fail_io(cpng_reader *reader, const char *what) {
    reader->failure = CIMAGE_ERROR_IO;
    png_error(reader->png, what);
}

static size_t refill(cpng_reader *reader) {
    ssize_t got = cimage_fd_input_fill(&reader->input);
    if (got < 0) reader_fail_io(reader, strerror(reader->input.saved_errno));
    reader->buffer_start = 0;
    reader->buffer_end = (size_t)got;
    return (size_t)got;
}

/* The bytes from the current position, at least one: the read buffer refilled when it is
 * empty, or the rest of the memory. The end of the input is damage: a truncated file. */
static size_t peek_bytes(void *context, const uint8_t **bytes) {
    cpng_reader *reader = context;
    if (reader->input.fd < 0) {
        if (reader->memory_offset == reader->memory_count) {
            png_error(reader->png, "data ends before the image does (truncated)");
        }
        *bytes = reader->memory + reader->memory_offset;
        return reader->memory_count - reader->memory_offset;
    }
    if (reader->buffer_start == reader->buffer_end && refill(reader) == 0) {
        png_error(reader->png, "file ends before the image does (truncated)");
    }
    *bytes = reader->input.buffer + reader->buffer_start;
    return reader->buffer_end - reader->buffer_start;
}

/* Whether no byte is left, refilling the buffer to know. */
static int at_end(void *context) {
    cpng_reader *reader = context;
    if (reader->input.fd < 0) return reader->memory_offset == reader->memory_count;
    return reader->buffer_start == reader->buffer_end && refill(reader) == 0;
}

static void consume_bytes(void *context, size_t count) {
    cpng_reader *reader = context;
    if (reader->input.fd < 0) {
        reader->memory_offset += count;
    } else {
        reader->buffer_start += count;
    }
}

static void fail_read(void *context, const char *message) {
    cpng_reader *reader = context;
    png_error(reader->png, message);
}

/* Takes a PLTE chunk libpng routed here as unknown (see arm_palette_skip) and drops it,
 * disarming itself so no other chunk is cached for this callback. */
static int skip_suggested_palette(png_structp png, png_unknown_chunkp chunk) {
    (void)chunk;
    png_set_read_user_chunk_fn(png, NULL, NULL);
    return 1;
}

/* libpng 1.6.39 cancels a tRNS chunk that comes before PLTE even in a truecolour image,
 * where PLTE is only a suggested palette (PNG 11.3.2.1) and tRNS the colour key; the
 * image then came out without the alpha its transforms were set up for. Pillow and
 * libpng 1.6.47 keep the key. A PLTE in a non-palette image is never drawn from, so,
 * told its header before libpng dispatches it, the reader has libpng skip it as an
 * unknown chunk (PLTE of a valid size only: one that is not is libpng's to refuse). */
static void arm_palette_skip(cpng_reader *reader, const uint8_t header[8]) {
    if (reader->started || memcmp(header + 4, "PLTE", 4) != 0) return;
    if (png_get_image_width(reader->png, reader->info) == 0) return; /* no IHDR read yet */
    if (png_get_color_type(reader->png, reader->info) == PNG_COLOR_TYPE_PALETTE) return;
    uint32_t length = (uint32_t)header[0] << 24 | (uint32_t)header[1] << 16 | (uint32_t)header[2] << 8 | header[3];
    if (length == 0 || length > 3 * 256 || length % 3 != 0) return;
    static const png_byte palette[] = "PLTE";
    png_set_keep_unknown_chunks(reader->png, PNG_HANDLE_CHUNK_NEVER, palette, 1);
    png_set_read_user_chunk_fn(reader->png, NULL, skip_suggested_palette);
}

/* libpng's read callback, for the file and for memory alike. */
static void read_bytes(png_structp png, png_bytep data, size_t length) {
    cpng_reader *reader = png_get_io_ptr(png);
    png_bytep start = data;
    size_t wanted = length;
    /* After the image data, the end of the file where the next chunk's header would
     * start means IEND is missing, not that data was cut: finish accepts it. */
    if (reader->finishing && (png_get_io_state(png) & PNG_IO_MASK_LOC) == PNG_IO_CHUNK_HDR && at_end(reader)) {
        reader->missing_end = 1;
        longjmp(reader->jump, 1);
    }
    while (length > 0) {
        const uint8_t *bytes;
        size_t available = peek_bytes(reader, &bytes);
        size_t take = available < length ? available : length;
        memcpy(data, bytes, take);
        consume_bytes(reader, take);
        data += take;
        length -= take;
    }
    if (wanted == sizeof reader->last_header) {
        memcpy(reader->last_header, start, wanted);
        if ((png_get_io_state(png) & PNG_IO_MASK_LOC) == PNG_IO_CHUNK_HDR) arm_palette_skip(reader, start);
    }
}

/* A reader of `fd` through a buffer, or of memory when `fd` is -1. */
static cpng_reader *reader_create(int fd) {
    cpng_reader *reader = cimage_reader_alloc(sizeof *reader, offsetof(cpng_reader, input), fd);
    if (reader == NULL) return NULL;
    reader->source = (cpng_idat_source){ .context = reader, .peek = peek_bytes, .consume = consume_bytes, .fail = fail_read,
                                        .at_end = at_end };
    reader->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, reader, reader_error, reader_warning);
    if (reader->png != NULL) reader->info = png_create_info_struct(reader->png);
    if (reader->info == NULL) {
        cpng_reader_destroy(reader);
        return NULL;
    }
    /* The caller's pixel limit is the real guard; the spec's maximum replaces
     * libpng's default of one million rows or columns. */
    png_set_user_limits(reader->png, 0x7fffffffU, 0x7fffffffU);
#ifdef PNG_IGNORE_ADLER32
    /* zlib's Adler-32 of the inflated rows is skipped (about a tenth of a decode's time):
     * libpng still checks every IDAT chunk's CRC-32, which covers the same compressed
     * bytes the Adler-32 is derived from, so damage is still found, by the stronger check. */
    png_set_option(reader->png, PNG_IGNORE_ADLER32, PNG_OPTION_ON);
#endif
    /* Only the ancillary chunks that change the pixels are read; the others (text,
     * eXIf, sPLT, …) are skipped unread. libpng allocates and clears what a text
     * chunk's length claims before reading it, and its 8 MB chunk limit is only a
     * warning when reading: 133 bytes of PNG asked for 1.7 GiB
     * (Fixtures/corrupt/fuzz-huge-text-chunk.png). The manifest is read by PNGText. */
    static const png_byte pixel_chunks[] = "tRNS\0gAMA\0sRGB\0cHRM\0iCCP";
    png_set_keep_unknown_chunks(reader->png, PNG_HANDLE_CHUNK_NEVER, NULL, -1);
    png_set_keep_unknown_chunks(reader->png, PNG_HANDLE_CHUNK_AS_DEFAULT, pixel_chunks, 5);
    return reader;
}

cpng_reader *cpng_reader_create_fd(int fd) {
    cpng_reader *reader = reader_create(fd);
    if (reader == NULL) return NULL;
    png_set_read_fn(reader->png, reader, read_bytes);
    return reader;
}

cpng_reader *cpng_reader_create_memory(const void *bytes, size_t count) {
    cpng_reader *reader = reader_create(-1);
    if (reader == NULL) return NULL;
    reader->memory = bytes;
    reader->memory_count = count;
    png_set_read_fn(reader->png, reader, read_bytes);
    return reader;
}

void cpng_reader_destroy(cpng_reader *reader) {
    if (reader == NULL) return;
    png_destroy_read_struct(&reader->png, reader->info != NULL ? &reader->info : NULL, NULL);
    cpng_idat_destroy(reader->idat);
    free(reader->rows);
    free(reader->input.buffer);
    free(reader);
}

const char *cpng_reader_message(const cpng_reader *reader) { return reader->message; }

int cpng_reader_reads_image_data_itself(const cpng_reader *reader) { return reader->idat != NULL; }

int cpng_reader_errno(const cpng_reader *reader) { return reader->input.saved_errno; }

/* Whether a gAMA chunk means anything: not beside an sRGB chunk, nor beside an iCCP
 * profile libpng accepted, which the colour step converts from and which PNG 11.3.3.3
 * says overrides gAMA and cHRM; applying both would correct the gamma twice. */
static int gamma_applies(png_structp png, png_infop info) {
    return !png_get_valid(png, info, PNG_INFO_sRGB) && !png_get_valid(png, info, PNG_INFO_iCCP);
}

static void set_rgba8_transforms(png_structp png, png_infop info, int bit_depth, int color_type) {
    int has_trns = png_get_valid(png, info, PNG_INFO_tRNS) != 0;
    if (color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color_type == PNG_COLOR_TYPE_GRAY && bit_depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (has_trns) png_set_tRNS_to_alpha(png);
    /* scale_16 rounds (v * 255 + 32895) >> 16; strip_16 would truncate. */
    if (bit_depth == 16) png_set_scale_16(png);
    if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    if ((color_type & PNG_COLOR_MASK_ALPHA) == 0 && !has_trns) png_set_add_alpha(png, 0xffff, PNG_FILLER_AFTER);

    /* An sRGB chunk, or no colour information at all, means the samples are
     * sRGB already; only an explicit gAMA asks for a conversion. libpng skips
     * it when the ratio is within 5% of one (a gAMA of 1/2.2). */
    png_fixed_point file_gamma = 0;
    if (gamma_applies(png, info) && png_get_gAMA_fixed(png, info, &file_gamma) && file_gamma > 0) {
        png_set_gamma_fixed(png, PNG_DEFAULT_sRGB, file_gamma);
    }
}

/* Whether the image data is one cpng_idat.c reads: 8-bit RGB or RGBA, not interlaced, no
 * tRNS colour key, no gamma for libpng to convert (no gAMA, an sRGB or iCCP chunk, or 1/2.2, which
 * libpng leaves alone), and libpng stopped at the first IDAT chunk's header. Most PNGs are
 * (pinboard's sheets, screenshots, photographs); any other is read by libpng. */
static int reads_without_libpng(cpng_reader *reader, int bit_depth, int color_type, int interlace) {
    png_structp png = reader->png;
    png_infop info = reader->info;
    if (bit_depth != 8 || interlace != PNG_INTERLACE_NONE) return 0;
    /* ISA-L counts its output in 32 bits: a row must fit (a width under a billion). */
    if ((uint64_t)png_get_image_width(png, info) * 4 + 1 > UINT32_MAX) return 0;
    if (color_type != PNG_COLOR_TYPE_RGB && color_type != PNG_COLOR_TYPE_RGB_ALPHA) return 0;
    if (png_get_valid(png, info, PNG_INFO_tRNS)) return 0;
    png_fixed_point file_gamma = 0;
    if (gamma_applies(png, info) && png_get_gAMA_fixed(png, info, &file_gamma) && file_gamma > 0
        && file_gamma != 45455 && file_gamma != 45454) {
        return 0;
    }
    return memcmp(reader->last_header + 4, "IDAT", 4) == 0;
}

cimage_status cpng_reader_start(cpng_reader *reader, uint64_t max_pixels, cpng_header *header) {
    if (reader->started) return CIMAGE_ERROR_STATE;
    reader->failure = CIMAGE_ERROR_FORMAT;
    if (setjmp(reader->jump)) return reader->failure;

    png_structp png = reader->png;
    png_infop info = reader->info;
    png_read_info(png, info);

    png_uint_32 width = 0, height = 0;
    int bit_depth = 0, color_type = 0, interlace = 0;
    png_get_IHDR(png, info, &width, &height, &bit_depth, &color_type, &interlace, NULL, NULL);
    header->width = width;
    header->height = height;
    header->bit_depth = bit_depth;
    header->color_type = color_type;
    header->interlaced = interlace != PNG_INTERLACE_NONE;

    if ((uint64_t)width * (uint64_t)height > max_pixels) {
        snprintf(reader->message, sizeof reader->message,
                 "%ux%u is %llu pixels, over the limit of %llu", (unsigned)width, (unsigned)height,
                 (unsigned long long)width * height, (unsigned long long)max_pixels);
        return CIMAGE_ERROR_LIMIT;
    }

    set_rgba8_transforms(png, info, bit_depth, color_type);
    if (interlace != PNG_INTERLACE_NONE) png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)width * 4) {
        snprintf(reader->message, sizeof reader->message, "unexpected row size after RGBA8 transforms");
        return CIMAGE_ERROR_FORMAT;
    }
    if (reads_without_libpng(reader, bit_depth, color_type, interlace)) {
        const uint8_t *length = reader->last_header;
        uint32_t first_length = (uint32_t)length[0] << 24 | (uint32_t)length[1] << 16 | (uint32_t)length[2] << 8 | length[3];
        reader->idat = cpng_idat_create(width, height, color_type == PNG_COLOR_TYPE_RGB ? 3 : 4, first_length);
        if (reader->idat == NULL) return CIMAGE_ERROR_MEMORY;
    }
    reader->width = width;
    reader->height = height;
    reader->interlaced = header->interlaced;
    reader->started = 1;
    return CIMAGE_OK;
}

cimage_status cpng_reader_read_rows(cpng_reader *reader, uint8_t *pixels, size_t stride, uint32_t count) {
    if (!reader->started || reader->interlaced) return CIMAGE_ERROR_STATE;
    reader->failure = CIMAGE_ERROR_FORMAT;
    if (setjmp(reader->jump)) return reader->failure;
    for (uint32_t row = 0; row < count; row++) {
        if (reader->idat != NULL) {
            cpng_idat_read_row(reader->idat, &reader->source, pixels + (size_t)row * stride);
        } else {
            png_read_row(reader->png, pixels + (size_t)row * stride, NULL);
        }
    }
    return CIMAGE_OK;
}

cimage_status cpng_reader_read_image(cpng_reader *reader, uint8_t *pixels, size_t stride) {
    if (!reader->started) return CIMAGE_ERROR_STATE;
    if (reader->idat != NULL) return cpng_reader_read_rows(reader, pixels, stride, reader->height);
    free(reader->rows);
    reader->rows = malloc(sizeof(png_bytep) * (reader->height > 0 ? reader->height : 1));
    if (reader->rows == NULL) return CIMAGE_ERROR_MEMORY;
    for (uint32_t row = 0; row < reader->height; row++) reader->rows[row] = pixels + (size_t)row * stride;

    reader->failure = CIMAGE_ERROR_FORMAT;
    if (setjmp(reader->jump)) {
        free(reader->rows);
        reader->rows = NULL;
        return reader->failure;
    }
    png_read_image(reader->png, reader->rows);
    free(reader->rows);
    reader->rows = NULL;
    return CIMAGE_OK;
}

cimage_status cpng_reader_finish(cpng_reader *reader) {
    if (!reader->started) return CIMAGE_ERROR_STATE;
    reader->failure = CIMAGE_ERROR_FORMAT;
    if (setjmp(reader->jump)) {
        reader->finishing = 0;
        return reader->missing_end ? CIMAGE_OK : reader->failure;
    }
    if (reader->idat != NULL) {
        cpng_idat_finish(reader->idat, &reader->source);
        reader->missing_end = cpng_idat_missing_end(reader->idat);
    } else {
        reader->finishing = 1;
        png_read_end(reader->png, NULL);
        reader->finishing = 0;
    }
    return CIMAGE_OK;
}

int cpng_reader_missing_end(const cpng_reader *reader) {
    return reader->missing_end;
}

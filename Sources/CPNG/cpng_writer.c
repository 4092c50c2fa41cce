#include "cpng.h"

#include <errno.h>
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* libpng hands over one IDAT chunk at a time; collecting them saves a system
 * call per 8 KiB. */
enum { WRITE_BUFFER_CAPACITY = 256 * 1024 };

struct cpng_writer {
    png_structp png;
    png_infop info;
    jmp_buf jump;
    cpng_status failure;
    int saved_errno;
    char message[CPNG_MESSAGE_CAPACITY];

    int fd;
    unsigned char *buffer;
    size_t used;

    uint32_t width;
    uint32_t height;
    uint32_t rows_written;
    int started;
};

static void writer_error(png_structp png, png_const_charp text) {
    cpng_writer *writer = png_get_error_ptr(png);
    snprintf(writer->message, sizeof writer->message, "%s", text);
    longjmp(writer->jump, 1);
}

static void writer_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

/* Returns 0 or an errno; never raises, so it can also run outside libpng. */
static int drain(cpng_writer *writer) {
    size_t offset = 0;
    while (offset < writer->used) {
        ssize_t put = write(writer->fd, writer->buffer + offset, writer->used - offset);
        if (put < 0) {
            if (errno == EINTR) continue;
            return errno;
        }
        offset += (size_t)put;
    }
    writer->used = 0;
    return 0;
}

static void raise_io(cpng_writer *writer, int code) {
    writer->saved_errno = code;
    writer->failure = CPNG_ERROR_IO;
    png_error(writer->png, strerror(code));
}

static void write_to_fd(png_structp png, png_bytep data, size_t length) {
    cpng_writer *writer = png_get_io_ptr(png);
    while (length > 0) {
        if (writer->used == WRITE_BUFFER_CAPACITY) {
            int code = drain(writer);
            if (code != 0) raise_io(writer, code);
        }
        size_t room = WRITE_BUFFER_CAPACITY - writer->used;
        size_t take = room < length ? room : length;
        memcpy(writer->buffer + writer->used, data, take);
        writer->used += take;
        data += take;
        length -= take;
    }
}

static void flush_fd(png_structp png) {
    cpng_writer *writer = png_get_io_ptr(png);
    int code = drain(writer);
    if (code != 0) raise_io(writer, code);
}

cpng_writer *cpng_writer_create(int fd) {
    cpng_writer *writer = calloc(1, sizeof *writer);
    if (writer == NULL) return NULL;
    writer->fd = fd;
    writer->buffer = malloc(WRITE_BUFFER_CAPACITY);
    if (writer->buffer != NULL) {
        writer->png = png_create_write_struct(PNG_LIBPNG_VER_STRING, writer, writer_error, writer_warning);
    }
    if (writer->png != NULL) writer->info = png_create_info_struct(writer->png);
    if (writer->info == NULL) {
        cpng_writer_destroy(writer);
        return NULL;
    }
    png_set_write_fn(writer->png, writer, write_to_fd, flush_fd);
    return writer;
}

void cpng_writer_destroy(cpng_writer *writer) {
    if (writer == NULL) return;
    png_destroy_write_struct(&writer->png, writer->info != NULL ? &writer->info : NULL);
    free(writer->buffer);
    free(writer);
}

const char *cpng_writer_message(const cpng_writer *writer) { return writer->message; }

int cpng_writer_errno(const cpng_writer *writer) { return writer->saved_errno; }

cpng_status cpng_writer_start(cpng_writer *writer, uint32_t width, uint32_t height, int channels, int level) {
    if (writer->started || (channels != 3 && channels != 4) || level < 0 || level > 9) return CPNG_ERROR_STATE;
    writer->failure = CPNG_ERROR_FORMAT;
    if (setjmp(writer->jump)) return writer->failure;

    png_structp png = writer->png;
    png_set_user_limits(png, 0x7fffffffU, 0x7fffffffU);
    png_set_IHDR(png, writer->info, width, height, 8,
                 channels == 4 ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    /* Samples are sRGB; saying so keeps colour-managed viewers from guessing. */
    png_set_sRGB(png, writer->info, PNG_sRGB_INTENT_PERCEPTUAL);
    png_set_compression_level(png, level);
    /* Level 0 asks for speed and size does not matter: filtering would only cost time. */
    png_set_filter(png, PNG_FILTER_TYPE_BASE, level == 0 ? PNG_FILTER_NONE : PNG_ALL_FILTERS);
    png_write_info(png, writer->info);
    writer->width = width;
    writer->height = height;
    writer->started = 1;
    return CPNG_OK;
}

cpng_status cpng_writer_write_rows(cpng_writer *writer, const uint8_t *pixels, size_t stride, uint32_t count) {
    if (!writer->started || count > writer->height - writer->rows_written) return CPNG_ERROR_STATE;
    writer->failure = CPNG_ERROR_FORMAT;
    if (setjmp(writer->jump)) return writer->failure;
    for (uint32_t row = 0; row < count; row++) {
        png_write_row(writer->png, pixels + (size_t)row * stride);
        writer->rows_written++;
    }
    return CPNG_OK;
}

cpng_status cpng_writer_finish(cpng_writer *writer) {
    if (!writer->started || writer->rows_written != writer->height) return CPNG_ERROR_STATE;
    writer->failure = CPNG_ERROR_FORMAT;
    if (setjmp(writer->jump)) return writer->failure;
    png_write_end(writer->png, NULL);
    int code = drain(writer);
    if (code != 0) {
        writer->saved_errno = code;
        snprintf(writer->message, sizeof writer->message, "%s", strerror(code));
        return CPNG_ERROR_IO;
    }
    return CPNG_OK;
}

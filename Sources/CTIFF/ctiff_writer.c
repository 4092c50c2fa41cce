#include "ctiff.h"
#include "ctiff_client.h"
#include "cimage_shim.h"

#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <tiffio.h>

enum { TILE_SIDE = 256 };

/* The name libtiff gives the output in its messages. */
static const char output_name[] = "tiff";

struct ctiff_writer {
    int fd;
    /* Where the TIFF starts in the descriptor: offsets libtiff seeks to are from here. */
    off_t base;
    uint64_t position;
    int saved_errno;

    TIFF *tif;
    char message[CIMAGE_MESSAGE_CAPACITY];
    int has_message;

    uint32_t width;
    uint32_t height;
    uint32_t channels;
    /* One row of tiles: TILE_SIDE rows of the image, filled before its tiles are cut. */
    uint8_t *tile_row;
    uint32_t tile_row_filled;
    /* One tile's pixels, cut from tile_row; the image's edge is padded with zeros. */
    uint8_t *tile;
    uint32_t rows_written;
};

static int writer_error(TIFF *tif, void *user_data, const char *module, const char *format, va_list arguments) {
    (void)tif;
    (void)module;
    ctiff_writer *writer = user_data;
    if (writer->has_message) return 1;
    vsnprintf(writer->message, sizeof writer->message, format, arguments);
    writer->has_message = 1;
    /* Non-zero stops libtiff from also calling the process-wide handler, which prints. */
    return 1;
}

static int writer_warning(TIFF *tif, void *user_data, const char *module, const char *format, va_list arguments) {
    (void)tif;
    (void)user_data;
    (void)module;
    (void)format;
    (void)arguments;
    return 1;
}

static tmsize_t output_read(thandle_t handle, void *buffer, tmsize_t size) {
    ctiff_writer *writer = handle;
    if (size <= 0) return 0;
    ssize_t got;
    do {
        got = pread(writer->fd, buffer, (size_t)size, writer->base + (off_t)writer->position);
    } while (got < 0 && errno == EINTR);
    if (got < 0) {
        writer->saved_errno = errno;
        return -1;
    }
    writer->position += (uint64_t)got;
    return (tmsize_t)got;
}

/* Writes at libtiff's position with pwrite, so the descriptor's own offset is never
 * moved, and keeps the errno of the write that failed. */
static tmsize_t output_write(thandle_t handle, void *buffer, tmsize_t size) {
    ctiff_writer *writer = handle;
    const uint8_t *bytes = buffer;
    tmsize_t done = 0;
    while (done < size) {
        ssize_t wrote = pwrite(writer->fd, bytes + done, (size_t)(size - done), writer->base + (off_t)(writer->position + (uint64_t)done));
        if (wrote < 0 && errno == EINTR) continue;
        if (wrote <= 0) {
            writer->saved_errno = wrote < 0 ? errno : EIO;
            return -1;
        }
        done += wrote;
    }
    writer->position += (uint64_t)done;
    return done;
}

static toff_t output_length(thandle_t handle) {
    ctiff_writer *writer = handle;
    struct stat status;
    if (fstat(writer->fd, &status) != 0 || status.st_size < writer->base) return 0;
    return (toff_t)(status.st_size - writer->base);
}

static toff_t output_seek(thandle_t handle, toff_t offset, int whence) {
    ctiff_writer *writer = handle;
    return ctiff_client_seek(&writer->position, handle, output_length, offset, whence);
}

/* A write that failed is the cause of what libtiff says next. */
static cimage_status libtiff_failure(ctiff_writer *writer, const char *fallback) {
    if (writer->saved_errno != 0) {
        snprintf(writer->message, sizeof writer->message, "%s", strerror(writer->saved_errno));
        return CIMAGE_ERROR_IO;
    }
    if (!writer->has_message) snprintf(writer->message, sizeof writer->message, "%s", fallback);
    return CIMAGE_ERROR_FORMAT;
}

ctiff_writer *ctiff_writer_create(int fd) {
    return cimage_writer_alloc(sizeof(ctiff_writer), offsetof(ctiff_writer, fd), fd);
}

void ctiff_writer_destroy(ctiff_writer *writer) {
    if (writer == NULL) return;
    if (writer->tif != NULL) TIFFCleanup(writer->tif);
    free(writer->tile_row);
    free(writer->tile);
    free(writer);
}

CIMAGE_DEFINE_MESSAGE(ctiff_writer)

CIMAGE_DEFINE_ERRNO(ctiff_writer, saved_errno)

cimage_status ctiff_writer_start(ctiff_writer *writer, uint32_t width, uint32_t height, int channels, int compression,
                                 int big, const uint8_t *icc, size_t icc_length) {
    if (writer->tif != NULL) return CIMAGE_ERROR_STATE;
    if (width == 0 || height == 0 || (channels != 3 && channels != 4) || compression < 0 || compression > 9) {
        snprintf(writer->message, sizeof writer->message, "%ux%u, %d channels, compression %d: not a TIFF this writer makes",
                 (unsigned)width, (unsigned)height, channels, compression);
        return CIMAGE_ERROR_ARGUMENT;
    }
    writer->base = lseek(writer->fd, 0, SEEK_CUR);
    if (writer->base < 0) {
        writer->saved_errno = errno;
        snprintf(writer->message, sizeof writer->message, "TIFF needs an output it can seek in: %s", strerror(errno));
        return CIMAGE_ERROR_IO;
    }
    writer->width = width;
    writer->height = height;
    writer->channels = (uint32_t)channels;
    size_t tile_row_bytes = (size_t)TILE_SIDE * width * (size_t)channels;
    writer->tile_row = malloc(tile_row_bytes);
    writer->tile = malloc((size_t)TILE_SIDE * TILE_SIDE * (size_t)channels);
    if (writer->tile_row == NULL || writer->tile == NULL) {
        snprintf(writer->message, sizeof writer->message, "out of memory");
        return CIMAGE_ERROR_MEMORY;
    }

    TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
    if (options == NULL) return CIMAGE_ERROR_MEMORY;
    TIFFOpenOptionsSetErrorHandlerExtR(options, writer_error, writer);
    TIFFOpenOptionsSetWarningHandlerExtR(options, writer_warning, writer);
    /* w: write, 8: BigTIFF (64-bit offsets), m: no memory mapping. */
    writer->tif = TIFFClientOpenExt(output_name, big ? "w8m" : "wm", writer, output_read, output_write, output_seek,
                                    ctiff_client_close, output_length, ctiff_client_map, ctiff_client_unmap, options);
    TIFFOpenOptionsFree(options);
    if (writer->tif == NULL) return libtiff_failure(writer, "libtiff could not start the TIFF");
    TIFF *tif = writer->tif;
    int ok = TIFFSetField(tif, TIFFTAG_IMAGEWIDTH, width) && TIFFSetField(tif, TIFFTAG_IMAGELENGTH, height) &&
             TIFFSetField(tif, TIFFTAG_BITSPERSAMPLE, 8) && TIFFSetField(tif, TIFFTAG_SAMPLESPERPIXEL, channels) &&
             TIFFSetField(tif, TIFFTAG_PHOTOMETRIC, PHOTOMETRIC_RGB) &&
             TIFFSetField(tif, TIFFTAG_PLANARCONFIG, PLANARCONFIG_CONTIG) &&
             TIFFSetField(tif, TIFFTAG_TILEWIDTH, TILE_SIDE) && TIFFSetField(tif, TIFFTAG_TILELENGTH, TILE_SIDE);
    if (ok && channels == 4) {
        uint16_t extra = EXTRASAMPLE_UNASSALPHA;
        ok = TIFFSetField(tif, TIFFTAG_EXTRASAMPLES, 1, &extra);
    }
    if (ok && compression > 0) {
        /* The horizontal predictor makes a sheet's flat runs of background deflate to almost nothing. */
        ok = TIFFSetField(tif, TIFFTAG_COMPRESSION, COMPRESSION_ADOBE_DEFLATE) &&
             TIFFSetField(tif, TIFFTAG_ZIPQUALITY, compression) && TIFFSetField(tif, TIFFTAG_PREDICTOR, PREDICTOR_HORIZONTAL);
    } else if (ok) {
        ok = TIFFSetField(tif, TIFFTAG_COMPRESSION, COMPRESSION_NONE);
    }
    if (ok && icc != NULL && icc_length > 0) ok = TIFFSetField(tif, TIFFTAG_ICCPROFILE, (uint32_t)icc_length, icc);
    if (!ok) return libtiff_failure(writer, "libtiff refused a tag");
    return CIMAGE_OK;
}

/* Cuts the filled tile row into tiles and writes them; the rows below the image's
 * last one and the columns past its right edge are zeros. */
static cimage_status flush_tile_row(ctiff_writer *writer) {
    uint32_t top = writer->rows_written - writer->tile_row_filled;
    size_t pixel = writer->channels;
    size_t row_bytes = (size_t)writer->width * pixel;
    for (uint32_t left = 0; left < writer->width; left += TILE_SIDE) {
        uint32_t columns = writer->width - left < TILE_SIDE ? writer->width - left : TILE_SIDE;
        memset(writer->tile, 0, (size_t)TILE_SIDE * TILE_SIDE * pixel);
        for (uint32_t y = 0; y < writer->tile_row_filled; y++) {
            memcpy(writer->tile + (size_t)y * TILE_SIDE * pixel, writer->tile_row + (size_t)y * row_bytes + (size_t)left * pixel,
                   (size_t)columns * pixel);
        }
        ttile_t index = TIFFComputeTile(writer->tif, left, top, 0, 0);
        if (TIFFWriteEncodedTile(writer->tif, index, writer->tile, (tmsize_t)TILE_SIDE * TILE_SIDE * (tmsize_t)pixel) < 0)
            return libtiff_failure(writer, "libtiff could not write a tile");
    }
    writer->tile_row_filled = 0;
    return CIMAGE_OK;
}

cimage_status ctiff_writer_write_rows(ctiff_writer *writer, const uint8_t *pixels, size_t stride, uint32_t count) {
    if (writer->tif == NULL || count > writer->height - writer->rows_written) {
        snprintf(writer->message, sizeof writer->message, "%u rows do not fit the %u left", (unsigned)count,
                 (unsigned)(writer->height - writer->rows_written));
        return CIMAGE_ERROR_STATE;
    }
    size_t row_bytes = (size_t)writer->width * writer->channels;
    for (uint32_t i = 0; i < count; i++) {
        memcpy(writer->tile_row + (size_t)writer->tile_row_filled * row_bytes, pixels + (size_t)i * stride, row_bytes);
        writer->tile_row_filled++;
        writer->rows_written++;
        if (writer->tile_row_filled == TILE_SIDE || writer->rows_written == writer->height) {
            cimage_status status = flush_tile_row(writer);
            if (status != CIMAGE_OK) return status;
        }
    }
    return CIMAGE_OK;
}

cimage_status ctiff_writer_finish(ctiff_writer *writer, const char *description) {
    if (writer->tif == NULL || writer->rows_written != writer->height) {
        snprintf(writer->message, sizeof writer->message, "finish comes after the last row");
        return CIMAGE_ERROR_STATE;
    }
    if (description != NULL && !TIFFSetField(writer->tif, TIFFTAG_IMAGEDESCRIPTION, description))
        return libtiff_failure(writer, "libtiff refused the image description");
    int written = TIFFWriteDirectory(writer->tif);
    TIFF *tif = writer->tif;
    writer->tif = NULL;
    /* Flushes nothing more after TIFFWriteDirectory; frees the handle, leaves the descriptor open. */
    TIFFClose(tif);
    if (!written) return libtiff_failure(writer, "libtiff could not write the directory");
    return CIMAGE_OK;
}

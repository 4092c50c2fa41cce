#include "cjpeg.h"
#include "cimage_shim.h"
#include "cjpeg_errors.h"

#include <errno.h>
#include <setjmp.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jpeglib.h>
#include <jerror.h>

enum {
    /* How much compressed data the destination manager holds before writing it out,
     * and how much of the spool is copied at once when the file is put together. */
    SPOOL_BUFFER_CAPACITY = 64 * 1024,
    /* SOI (2 bytes) and the JFIF APP0 libjpeg writes without a thumbnail (18 bytes). */
    JFIF_PREFIX_LENGTH = 20
};

/* libjpeg writes its stream to an anonymous temporary file (the spool), because the
 * segments the caller adds after the scan (a manifest known only after the last row)
 * must precede the scan in the file. cjpeg_writer_finish writes the spool's SOI and
 * JFIF APP0, then the added segments, then the rest of the spool, to the real
 * descriptor: the disk, not memory, holds the compressed sheet until then. */
struct cjpeg_writer {
    struct jpeg_compress_struct cinfo;
    struct jpeg_error_mgr errors;
    struct jpeg_destination_mgr destination;
    jmp_buf jump;
    /* What the failing callback decided; libjpeg's own errors stay FORMAT. */
    cimage_status failure;
    char message[CIMAGE_MESSAGE_CAPACITY];
    int saved_errno;

    int fd;
    FILE *spool;
    unsigned char *buffer;
    /* The added segments, each FF, marker, length and payload, in the order added. */
    unsigned char *segments;
    size_t segments_length;

    int started;
    uint32_t rows_left;
    uint32_t components;
};

static void writer_error_exit(j_common_ptr cinfo) {
    cjpeg_writer *writer = cinfo->client_data;
    char text[JMSG_LENGTH_MAX];
    cinfo->err->format_message(cinfo, text);
    snprintf(writer->message, sizeof writer->message, "%s", text);
    longjmp(writer->jump, 1);
}

/* libjpeg's warnings and trace output while compressing are never printed. */
static void writer_emit_message(j_common_ptr cinfo, int level) {
    (void)cinfo;
    (void)level;
}

/* Writes every byte or returns the errno of the write that failed; a write cut by a
 * signal is retried. */
static int write_all(int fd, const unsigned char *bytes, size_t count) {
    while (count > 0) {
        ssize_t done = write(fd, bytes, count);
        if (done < 0) {
            if (errno == EINTR) continue;
            return errno;
        }
        bytes += done;
        count -= (size_t)done;
    }
    return 0;
}

static void spool_failed(cjpeg_writer *writer, int code) {
    writer->failure = CIMAGE_ERROR_IO;
    writer->saved_errno = code;
    snprintf(writer->message, sizeof writer->message, "%s", strerror(code));
    longjmp(writer->jump, 1);
}

static void destination_init(j_compress_ptr cinfo) {
    cjpeg_writer *writer = cinfo->client_data;
    writer->destination.next_output_byte = writer->buffer;
    writer->destination.free_in_buffer = SPOOL_BUFFER_CAPACITY;
}

static boolean destination_empty(j_compress_ptr cinfo) {
    cjpeg_writer *writer = cinfo->client_data;
    int code = write_all(fileno(writer->spool), writer->buffer, SPOOL_BUFFER_CAPACITY);
    if (code != 0) spool_failed(writer, code);
    destination_init(cinfo);
    return TRUE;
}

static void destination_term(j_compress_ptr cinfo) {
    cjpeg_writer *writer = cinfo->client_data;
    size_t used = SPOOL_BUFFER_CAPACITY - writer->destination.free_in_buffer;
    int code = write_all(fileno(writer->spool), writer->buffer, used);
    if (code != 0) spool_failed(writer, code);
}

cjpeg_writer *cjpeg_writer_create(int fd) {
    cjpeg_writer *writer = cimage_writer_alloc(sizeof *writer, offsetof(cjpeg_writer, fd), fd);
    if (writer == NULL) return NULL;
    writer->buffer = malloc(SPOOL_BUFFER_CAPACITY);
    if (writer->buffer == NULL) {
        free(writer);
        return NULL;
    }
    writer->destination.init_destination = destination_init;
    writer->destination.empty_output_buffer = destination_empty;
    writer->destination.term_destination = destination_term;
    cjpeg_errors_install((j_common_ptr)&writer->cinfo, &writer->errors, writer, writer_error_exit, writer_emit_message);
    if (setjmp(writer->jump)) {
        cjpeg_writer_destroy(writer);
        return NULL;
    }
    /* Set after the create, which clears every field of cinfo but the error manager. */
    jpeg_create_compress(&writer->cinfo);
    writer->cinfo.dest = &writer->destination;
    return writer;
}

void cjpeg_writer_destroy(cjpeg_writer *writer) {
    if (writer == NULL) return;
    /* Nothing to release, and no jump, where the create never ran: cinfo is still zeroed. */
    jpeg_destroy_compress(&writer->cinfo);
    if (writer->spool != NULL) fclose(writer->spool);
    free(writer->segments);
    free(writer->buffer);
    free(writer);
}

CIMAGE_DEFINE_MESSAGE(cjpeg_writer)

CIMAGE_DEFINE_ERRNO(cjpeg_writer, saved_errno)

cimage_status cjpeg_writer_start(cjpeg_writer *writer, uint32_t width, uint32_t height, int components,
                                 int quality, int subsample, const uint8_t *icc, size_t icc_length) {
    if (writer->started || writer->spool != NULL) return cimage_fail(writer->message, CIMAGE_ERROR_STATE, "the writer was started already");
    if (width == 0 || height == 0 || width > JPEG_MAX_DIMENSION || height > JPEG_MAX_DIMENSION)
        return cimage_fail(writer->message, CIMAGE_ERROR_ARGUMENT, "%ux%u: JPEG sides are 1 to %d", (unsigned)width, (unsigned)height,
                           JPEG_MAX_DIMENSION);
    if (components != 1 && components != 3)
        return cimage_fail(writer->message, CIMAGE_ERROR_ARGUMENT, "%d components: only grey (1) and RGB (3) are written", components);
    writer->spool = tmpfile();
    if (writer->spool == NULL) {
        writer->saved_errno = errno;
        return cimage_fail(writer->message, CIMAGE_ERROR_IO, "cannot create the temporary file: %s", strerror(errno));
    }
    writer->failure = CIMAGE_ERROR_FORMAT;
    if (setjmp(writer->jump)) return writer->failure;

    j_compress_ptr cinfo = &writer->cinfo;
    cinfo->image_width = width;
    cinfo->image_height = height;
    cinfo->input_components = components;
    cinfo->in_color_space = components == 3 ? JCS_RGB : JCS_GRAYSCALE;
    jpeg_set_defaults(cinfo);
    jpeg_set_quality(cinfo, quality, TRUE);
    /* Baseline with tables made for this image: smaller than the standard tables at no
     * cost to quality, for one more pass over each MCU row's coefficients. */
    cinfo->optimize_coding = TRUE;
    if (components == 3) {
        int factor = subsample ? 2 : 1;
        cinfo->comp_info[0].h_samp_factor = factor;
        cinfo->comp_info[0].v_samp_factor = factor;
        for (int i = 1; i < 3; i++) {
            cinfo->comp_info[i].h_samp_factor = 1;
            cinfo->comp_info[i].v_samp_factor = 1;
        }
    }
    /* The JFIF APP0 the splice expects: version 1.01, aspect 1:1, no thumbnail. */
    cinfo->write_JFIF_header = TRUE;
    cinfo->density_unit = 0;
    cinfo->X_density = 1;
    cinfo->Y_density = 1;
    jpeg_start_compress(cinfo, TRUE);
    if (icc != NULL && icc_length > 0) jpeg_write_icc_profile(cinfo, icc, (unsigned)icc_length);
    writer->components = (uint32_t)components;
    writer->rows_left = height;
    writer->started = 1;
    return CIMAGE_OK;
}

cimage_status cjpeg_writer_add_marker(cjpeg_writer *writer, int marker, const uint8_t *payload, size_t length) {
    if (marker < JPEG_APP0 || marker > JPEG_APP0 + 15)
        return cimage_fail(writer->message, CIMAGE_ERROR_ARGUMENT, "marker 0x%02X is not an application segment (APP0 to APP15)", marker);
    if (length > 65533)
        return cimage_fail(writer->message, CIMAGE_ERROR_ARGUMENT, "a segment holds at most 65533 bytes, not %zu", length);
    unsigned char *grown = realloc(writer->segments, writer->segments_length + 4 + length);
    if (grown == NULL) return cimage_fail(writer->message, CIMAGE_ERROR_MEMORY, "out of memory");
    unsigned char *segment = grown + writer->segments_length;
    segment[0] = 0xFF;
    segment[1] = (unsigned char)marker;
    segment[2] = (unsigned char)((length + 2) >> 8);
    segment[3] = (unsigned char)((length + 2) & 0xFF);
    if (length > 0) memcpy(segment + 4, payload, length);
    writer->segments = grown;
    writer->segments_length += 4 + length;
    return CIMAGE_OK;
}

cimage_status cjpeg_writer_write_rows(cjpeg_writer *writer, const uint8_t *pixels, size_t stride, uint32_t count) {
    if (!writer->started || count > writer->rows_left)
        return cimage_fail(writer->message, CIMAGE_ERROR_STATE, "%u rows do not fit the %u left", (unsigned)count,
                           (unsigned)writer->rows_left);
    writer->failure = CIMAGE_ERROR_FORMAT;
    if (setjmp(writer->jump)) return writer->failure;
    uint32_t done = 0;
    while (done < count) {
        JSAMPROW rows[16];
        uint32_t ask = count - done < 16 ? count - done : 16;
        /* libjpeg reads the rows and never writes them. */
        for (uint32_t i = 0; i < ask; i++) rows[i] = (JSAMPROW)(pixels + (size_t)(done + i) * stride);
        JDIMENSION got = jpeg_write_scanlines(&writer->cinfo, rows, ask);
        /* Our destination never suspends, so no rows taken means libjpeg is stuck. */
        if (got == 0) return cimage_fail(writer->message, CIMAGE_ERROR_STATE, "the encoder took no rows");
        done += got;
    }
    writer->rows_left -= count;
    return CIMAGE_OK;
}

/* Copies the spool from `offset` to its end onto the descriptor. */
static cimage_status copy_spool(cjpeg_writer *writer, off_t offset) {
    int spool = fileno(writer->spool);
    for (;;) {
        ssize_t got = pread(spool, writer->buffer, SPOOL_BUFFER_CAPACITY, offset);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) {
            writer->saved_errno = errno;
            return cimage_fail(writer->message, CIMAGE_ERROR_IO, "reading the temporary file: %s", strerror(errno));
        }
        if (got == 0) return CIMAGE_OK;
        int code = write_all(writer->fd, writer->buffer, (size_t)got);
        if (code != 0) {
            writer->saved_errno = code;
            return cimage_fail(writer->message, CIMAGE_ERROR_IO, "%s", strerror(code));
        }
        offset += got;
    }
}

cimage_status cjpeg_writer_finish(cjpeg_writer *writer) {
    if (!writer->started || writer->rows_left != 0)
        return cimage_fail(writer->message, CIMAGE_ERROR_STATE, "finish comes after the last row (%u left)", (unsigned)writer->rows_left);
    writer->failure = CIMAGE_ERROR_FORMAT;
    if (setjmp(writer->jump)) return writer->failure;
    jpeg_finish_compress(&writer->cinfo);
    writer->started = 0;

    unsigned char prefix[JFIF_PREFIX_LENGTH];
    ssize_t got;
    do {
        got = pread(fileno(writer->spool), prefix, sizeof prefix, 0);
    } while (got < 0 && errno == EINTR);
    static const unsigned char expected[6] = {0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10};
    if (got != (ssize_t)sizeof prefix || memcmp(prefix, expected, sizeof expected) != 0)
        return cimage_fail(writer->message, CIMAGE_ERROR_STATE, "libjpeg's stream does not start with SOI and a plain JFIF APP0");
    int code = write_all(writer->fd, prefix, sizeof prefix);
    if (code == 0 && writer->segments_length > 0) code = write_all(writer->fd, writer->segments, writer->segments_length);
    if (code != 0) {
        writer->saved_errno = code;
        return cimage_fail(writer->message, CIMAGE_ERROR_IO, "%s", strerror(code));
    }
    return copy_spool(writer, JFIF_PREFIX_LENGTH);
}

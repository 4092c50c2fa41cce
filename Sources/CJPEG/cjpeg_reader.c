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
    /* A progressive file can declare scans without end, each costing a pass
     * over the coefficients; real encoders write about ten. libjpeg-turbo's
     * own TurboJPEG API stops at 500 for the same reason. */
    MAX_SCANS = 500
};

static const JOCTET fake_end_of_image[2] = {0xFF, JPEG_EOI};

struct cjpeg_reader {
    struct jpeg_decompress_struct cinfo;
    struct jpeg_error_mgr errors;
    struct jpeg_source_mgr source;
    struct jpeg_progress_mgr progress;
    jmp_buf jump;
    /* What the failing callback decided; libjpeg's own errors stay FORMAT. */
    cimage_status failure;
    char message[CIMAGE_MESSAGE_CAPACITY];
    unsigned warning_count;
    char first_warning[CIMAGE_MESSAGE_CAPACITY];
    int hit_end_of_data;

    cimage_fd_input input;

    int started;
    int cmyk;
    int inverted;
    uint32_t rows_left;
};

static cimage_status end_of_data(cjpeg_reader *reader) {
    snprintf(reader->message, sizeof reader->message, "Premature end of JPEG file");
    return CIMAGE_ERROR_TRUNCATED;
}

/* An error after the data ran out is the cut's doing: libjpeg met the padding EOI
 * where a table or a scan was due ("missing SOS marker"), so it is reported as the
 * end of data, as the entry points report a cut libjpeg only warned about. */
static void reader_error_exit(j_common_ptr cinfo) {
    cjpeg_reader *reader = cinfo->client_data;
    if (reader->hit_end_of_data) {
        reader->failure = end_of_data(reader);
        longjmp(reader->jump, 1);
    }
    char text[JMSG_LENGTH_MAX];
    cinfo->err->format_message(cinfo, text);
    snprintf(reader->message, sizeof reader->message, "%s", text);
    longjmp(reader->jump, 1);
}

/* Level -1 is a warning (damaged but decodable data); higher levels are trace
 * output. Neither is printed: warnings are counted and the first one kept.
 * The end of data is a warning to libjpeg (it pads with an EOI marker), but an
 * error here: the rows after it would be grey, not the photo. */
static void reader_emit_message(j_common_ptr cinfo, int level) {
    if (level >= 0) return;
    cjpeg_reader *reader = cinfo->client_data;
    if (cinfo->err->msg_code == JWRN_JPEG_EOF) reader->hit_end_of_data = 1;
    if (reader->warning_count++ == 0) {
        char text[JMSG_LENGTH_MAX];
        cinfo->err->format_message(cinfo, text);
        snprintf(reader->first_warning, sizeof reader->first_warning, "%s", text);
    }
}

static void reader_progress(j_common_ptr cinfo) {
    cjpeg_reader *reader = cinfo->client_data;
    if (reader->cinfo.input_scan_number > MAX_SCANS) {
        snprintf(reader->message, sizeof reader->message,
                 "more than %d progressive scans (refused to avoid a near-endless decode)", MAX_SCANS);
        reader->failure = CIMAGE_ERROR_FORMAT;
        longjmp(reader->jump, 1);
    }
}

static void source_init(j_decompress_ptr cinfo) { (void)cinfo; }

/* Refills from the descriptor; at its end, pads with an EOI marker as
 * libjpeg's own sources do, and raises JWRN_JPEG_EOF so the reader knows. */
static boolean source_fill(j_decompress_ptr cinfo) {
    cjpeg_reader *reader = cinfo->client_data;
    ssize_t got = cimage_fd_input_fill(&reader->input);
    if (got < 0) {
        reader->failure = CIMAGE_ERROR_IO;
        snprintf(reader->message, sizeof reader->message, "%s", strerror(reader->input.saved_errno));
        longjmp(reader->jump, 1);
    }
    if (got == 0) {
        WARNMS(cinfo, JWRN_JPEG_EOF);
        reader->source.next_input_byte = fake_end_of_image;
        reader->source.bytes_in_buffer = sizeof fake_end_of_image;
        return TRUE;
    }
    reader->source.next_input_byte = reader->input.buffer;
    reader->source.bytes_in_buffer = (size_t)got;
    return TRUE;
}

static void source_skip(j_decompress_ptr cinfo, long count) {
    cjpeg_reader *reader = cinfo->client_data;
    while (count > 0) {
        if (reader->source.bytes_in_buffer == 0) {
            source_fill(cinfo);
            /* Leave the padding EOI in place for the marker reader to find. */
            if (reader->hit_end_of_data) return;
        }
        size_t take = (size_t)count < reader->source.bytes_in_buffer ? (size_t)count : reader->source.bytes_in_buffer;
        reader->source.next_input_byte += take;
        reader->source.bytes_in_buffer -= take;
        count -= (long)take;
    }
}

static void source_term(j_decompress_ptr cinfo) { (void)cinfo; }

/* A reader of `fd` through a buffer, or of memory when `fd` is -1. */
static cjpeg_reader *reader_create(int fd) {
    cjpeg_reader *reader = cimage_reader_alloc(sizeof *reader, offsetof(cjpeg_reader, input), fd);
    if (reader == NULL) return NULL;
    cjpeg_errors_install((j_common_ptr)&reader->cinfo, &reader->errors, reader, reader_error_exit, reader_emit_message);
    reader->failure = CIMAGE_ERROR_MEMORY;
    if (setjmp(reader->jump)) {
        cjpeg_reader_destroy(reader);
        return NULL;
    }
    jpeg_create_decompress(&reader->cinfo);
    reader->progress.progress_monitor = reader_progress;
    reader->cinfo.progress = &reader->progress;
    return reader;
}

cjpeg_reader *cjpeg_reader_create_fd(int fd) {
    cjpeg_reader *reader = reader_create(fd);
    if (reader == NULL) return NULL;
    reader->source.init_source = source_init;
    reader->source.fill_input_buffer = source_fill;
    reader->source.skip_input_data = source_skip;
    reader->source.resync_to_restart = jpeg_resync_to_restart;
    reader->source.term_source = source_term;
    reader->cinfo.src = &reader->source;
    return reader;
}

cjpeg_reader *cjpeg_reader_create_memory(const void *bytes, size_t count) {
    cjpeg_reader *reader = reader_create(-1);
    if (reader == NULL) return NULL;
    /* jpeg_mem_src allocates from libjpeg's pool, so it can fail too. */
    if (setjmp(reader->jump)) {
        cjpeg_reader_destroy(reader);
        return NULL;
    }
    jpeg_mem_src(&reader->cinfo, bytes, (unsigned long)count);
    return reader;
}

void cjpeg_reader_destroy(cjpeg_reader *reader) {
    if (reader == NULL) return;
    /* Nothing to release, and no jump, where the create never ran: cinfo is still zeroed. */
    jpeg_destroy_decompress(&reader->cinfo);
    free(reader->input.buffer);
    free(reader);
}

CIMAGE_DEFINE_MESSAGE(cjpeg_reader)

CIMAGE_DEFINE_ERRNO(cjpeg_reader, input.saved_errno)

unsigned cjpeg_reader_warning_count(const cjpeg_reader *reader) { return reader->warning_count; }

const char *cjpeg_reader_first_warning(const cjpeg_reader *reader) { return reader->first_warning; }

/* Picks the largest denominator whose scaled size still covers the minimum,
 * asking libjpeg for each candidate's size so the rounding is its own. */
static int choose_scale(j_decompress_ptr cinfo, uint32_t min_width, uint32_t min_height) {
    static const int denominators[] = {8, 4, 2};
    for (size_t i = 0; i < sizeof denominators / sizeof denominators[0]; i++) {
        cinfo->scale_num = 1;
        cinfo->scale_denom = (unsigned)denominators[i];
        jpeg_calc_output_dimensions(cinfo);
        if (cinfo->output_width >= min_width && cinfo->output_height >= min_height) return denominators[i];
    }
    cinfo->scale_num = 1;
    cinfo->scale_denom = 1;
    return 1;
}

cimage_status cjpeg_reader_start(cjpeg_reader *reader, uint64_t max_pixels,
                                uint32_t min_width, uint32_t min_height, cjpeg_info *info) {
    if (reader->started) return CIMAGE_ERROR_STATE;
    reader->failure = CIMAGE_ERROR_FORMAT;
    if (setjmp(reader->jump)) return reader->failure;

    j_decompress_ptr cinfo = &reader->cinfo;
    jpeg_save_markers(cinfo, JPEG_APP0 + 1, 0xFFFF);
    jpeg_read_header(cinfo, TRUE);
    if (reader->hit_end_of_data) return end_of_data(reader);

    memset(info, 0, sizeof *info);
    info->width = cinfo->image_width;
    info->height = cinfo->image_height;
    info->components = cinfo->num_components;
    info->progressive = cinfo->progressive_mode != 0;
    info->adobe = cinfo->saw_Adobe_marker != 0;

    if ((uint64_t)cinfo->image_width * cinfo->image_height > max_pixels) {
        snprintf(reader->message, sizeof reader->message,
                 "%ux%u is %llu pixels, over the limit of %llu", (unsigned)cinfo->image_width,
                 (unsigned)cinfo->image_height,
                 (unsigned long long)cinfo->image_width * cinfo->image_height, (unsigned long long)max_pixels);
        return CIMAGE_ERROR_LIMIT;
    }

    switch (cinfo->jpeg_color_space) {
    case JCS_GRAYSCALE:
    case JCS_YCbCr:
    case JCS_RGB:
        cinfo->out_color_space = JCS_EXT_RGBA;
        break;
    case JCS_CMYK:
    case JCS_YCCK:
        cinfo->out_color_space = JCS_CMYK;
        reader->cmyk = 1;
        reader->inverted = cinfo->saw_Adobe_marker != 0;
        break;
    default:
        snprintf(reader->message, sizeof reader->message,
                 "%d components in an unknown colour space cannot be shown as RGB", cinfo->num_components);
        return CIMAGE_ERROR_UNSUPPORTED;
    }
    info->cmyk = reader->cmyk;
    info->scale_denom = choose_scale(cinfo, min_width, min_height);

    jpeg_start_decompress(cinfo);
    /* A progressive image is read whole here, so its truncation shows now. */
    if (reader->hit_end_of_data) return end_of_data(reader);
    if (cinfo->output_components != 4) {
        snprintf(reader->message, sizeof reader->message, "unexpected %d output components", cinfo->output_components);
        return CIMAGE_ERROR_UNSUPPORTED;
    }
    info->output_width = cinfo->output_width;
    info->output_height = cinfo->output_height;
    reader->rows_left = cinfo->output_height;
    reader->started = 1;
    return CIMAGE_OK;
}

const uint8_t *cjpeg_reader_exif(const cjpeg_reader *reader, size_t *count) {
    static const char tag[6] = {'E', 'x', 'i', 'f', 0, 0};
    for (jpeg_saved_marker_ptr marker = reader->cinfo.marker_list; marker != NULL; marker = marker->next) {
        if (marker->marker == JPEG_APP0 + 1 && marker->data_length >= sizeof tag &&
            memcmp(marker->data, tag, sizeof tag) == 0) {
            *count = marker->data_length - sizeof tag;
            return marker->data + sizeof tag;
        }
    }
    *count = 0;
    return NULL;
}

cimage_status cjpeg_reader_read_rows(cjpeg_reader *reader, uint8_t *pixels, size_t stride, uint32_t count) {
    if (!reader->started || count > reader->rows_left) return CIMAGE_ERROR_STATE;
    reader->failure = CIMAGE_ERROR_FORMAT;
    if (setjmp(reader->jump)) return reader->failure;

    j_decompress_ptr cinfo = &reader->cinfo;
    uint32_t done = 0;
    while (done < count) {
        JSAMPROW rows[8];
        uint32_t ask = count - done < 8 ? count - done : 8;
        for (uint32_t i = 0; i < ask; i++) rows[i] = pixels + (size_t)(done + i) * stride;
        JDIMENSION got = jpeg_read_scanlines(cinfo, rows, ask);
        /* Our sources never suspend, so no rows means libjpeg is stuck. */
        if (got == 0) {
            snprintf(reader->message, sizeof reader->message, "decoder returned no rows");
            return CIMAGE_ERROR_FORMAT;
        }
        if (reader->cmyk) {
            for (JDIMENSION i = 0; i < got; i++) cjpeg_cmyk_to_rgba(rows[i], cinfo->output_width, reader->inverted);
        }
        done += got;
    }
    reader->rows_left -= count;
    if (reader->hit_end_of_data) return end_of_data(reader);
    return CIMAGE_OK;
}

cimage_status cjpeg_reader_finish(cjpeg_reader *reader) {
    if (!reader->started || reader->rows_left != 0) return CIMAGE_ERROR_STATE;
    reader->failure = CIMAGE_ERROR_FORMAT;
    if (setjmp(reader->jump)) return reader->failure;
    jpeg_finish_decompress(&reader->cinfo);
    reader->started = 0;
    if (reader->hit_end_of_data) return end_of_data(reader);
    return CIMAGE_OK;
}

/* Pillow's arithmetic (Convert.c, cmyk2rgb): with ink amounts c and k,
 * R = (255 - k) - round((255 - k) * c / 255), the division done as
 * ((t >> 8) + t) >> 8 with t = a * b + 128, exact for 8-bit products. */
static inline uint8_t scale_by(uint8_t value, int ink) {
    int t = value * ink + 128;
    return (uint8_t)(((t >> 8) + t) >> 8);
}

void cjpeg_cmyk_to_rgba(uint8_t *pixels, size_t count, int inverted) {
    uint8_t flip = inverted ? 0xFF : 0x00;
    for (size_t i = 0; i < count; i++, pixels += 4) {
        uint8_t c = pixels[0] ^ flip, m = pixels[1] ^ flip, y = pixels[2] ^ flip, k = pixels[3] ^ flip;
        int white = 255 - k;
        pixels[0] = (uint8_t)(white - scale_by(c, white));
        pixels[1] = (uint8_t)(white - scale_by(m, white));
        pixels[2] = (uint8_t)(white - scale_by(y, white));
        pixels[3] = 255;
    }
}

#define CJPEG_STRING(x) #x
#define CJPEG_VERSION_STRING(x) CJPEG_STRING(x)

const char *cjpeg_library_version(void) {
#ifdef LIBJPEG_TURBO_VERSION
    return "libjpeg-turbo " CJPEG_VERSION_STRING(LIBJPEG_TURBO_VERSION);
#else
    return "libjpeg " CJPEG_VERSION_STRING(JPEG_LIB_VERSION);
#endif
}

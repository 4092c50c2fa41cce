#include "cheif.h"
#include "cheif_library.h"
#include "cheif_properties.h"
#include "cimage_shim.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libheif/heif.h>

enum {
    /* Enough for the meta box of a phone's photo in one read. */
    WINDOW_CAPACITY = 64 * 1024
};

struct cheif_reader {
    /* The caller's bytes, read through a window libheif's small reads are served from. */
    void *source;
    cimage_read_function read;
    int64_t position;
    uint8_t *window;
    uint64_t window_start;
    size_t window_count;
    /* Bytes known to exist, from reads and size checks so far. */
    uint64_t known_length;
    int read_failed;
    /* The last failure was libheif's on a file whose still image it could not find beside
     * a movie box: an image sequence (AVIF avis, HEIF msf1). */
    int sequence;

    uint64_t max_pixels;
    struct heif_context *context;
    struct heif_image_handle *primary;
    struct heif_image_handle *thumbnails[CHEIF_MAX_THUMBNAILS];
    int thumbnail_count;
    /* The items' ids, for the sizes read from the boxes (libheif 1.15 has no handle's id). */
    heif_item_id primary_id;
    heif_item_id thumbnail_ids[CHEIF_MAX_THUMBNAILS];
    /* The meta box's properties as the shim reads them; NULL when it could not. */
    cheif_properties *properties;
    struct heif_image *decoded;
    /* RGBA made by the shim from a monochrome decode; NULL when libheif made it. */
    uint8_t *grey_pixels;
    uint8_t *icc_profile;
    size_t icc_profile_size;
    uint8_t *metadata;
    char message[CIMAGE_MESSAGE_CAPACITY];
};

cheif_reader *cheif_reader_create(void) {
    cheif_reader *reader = calloc(1, sizeof *reader);
    if (reader == NULL) return NULL;
    reader->window = malloc(WINDOW_CAPACITY);
    reader->context = heif_context_alloc();
    if (reader->window != NULL && reader->context != NULL) return reader;
    cheif_reader_destroy(reader);
    return NULL;
}

void cheif_reader_destroy(cheif_reader *reader) {
    if (reader == NULL) return;
    if (reader->decoded != NULL) heif_image_release(reader->decoded);
    for (int i = 0; i < reader->thumbnail_count; i++) heif_image_handle_release(reader->thumbnails[i]);
    if (reader->primary != NULL) heif_image_handle_release(reader->primary);
    if (reader->context != NULL) heif_context_free(reader->context);
    cheif_properties_destroy(reader->properties);
    free(reader->window);
    free(reader->grey_pixels);
    free(reader->icc_profile);
    free(reader->metadata);
    free(reader);
}

CIMAGE_DEFINE_MESSAGE(cheif_reader)

int cheif_reader_is_sequence(const cheif_reader *reader) { return reader->sequence; }

/* Reads through the caller's function, noting failures and how far the data reaches. */
static int64_t read_at(cheif_reader *reader, uint64_t offset, void *buffer, size_t count) {
    int64_t got = reader->read(reader->source, offset, buffer, count);
    if (got < 0) {
        reader->read_failed = 1;
        return -1;
    }
    if (got > 0 && offset + (uint64_t)got > reader->known_length) reader->known_length = offset + (uint64_t)got;
    return got;
}

/* The meta box libheif has just read is still in the window: served from there, the
 * probe reads no byte twice. */
static int64_t read_for_properties(void *context, uint64_t offset, void *buffer, size_t count) {
    cheif_reader *reader = context;
    if (offset >= reader->window_start && count <= reader->window_count &&
        offset - reader->window_start <= reader->window_count - count) {
        memcpy(buffer, reader->window + (offset - reader->window_start), count);
        return (int64_t)count;
    }
    return read_at(reader, offset, buffer, count);
}

/* The upright size of `handle` (item `id`): libheif's, unless a rotation or crop is listed
 * before the size, which libheif 1.15 sizes wrongly (cheif_properties.h). */
static void upright_size(const cheif_reader *reader, const struct heif_image_handle *handle, heif_item_id id, int *width,
                         int *height) {
    *width = heif_image_handle_get_width(handle);
    *height = heif_image_handle_get_height(handle);
    uint32_t w = 0, h = 0;
    if (cheif_properties_reordered_size(reader->properties, id, &w, &h) && w <= INT_MAX && h <= INT_MAX) {
        *width = (int)w;
        *height = (int)h;
    }
}

static int64_t source_position(void *userdata) {
    cheif_reader *reader = userdata;
    return reader->position;
}

/* 0 when all `size` bytes were copied, as libheif expects; 1 at the end of the data or on failure. */
static int source_read(void *data, size_t size, void *userdata) {
    cheif_reader *reader = userdata;
    uint8_t *destination = data;
    while (size > 0) {
        uint64_t at = (uint64_t)reader->position;
        if (at >= reader->window_start && at < reader->window_start + reader->window_count) {
            size_t offset = (size_t)(at - reader->window_start);
            size_t take = reader->window_count - offset < size ? reader->window_count - offset : size;
            memcpy(destination, reader->window + offset, take);
            destination += take;
            size -= take;
            reader->position += (int64_t)take;
        } else if (size >= WINDOW_CAPACITY) {
            /* Image data: straight into libheif's buffer. */
            int64_t got = read_at(reader, at, destination, size);
            if (got < 0 || (size_t)got < size) return 1;
            reader->position += got;
            return 0;
        } else {
            int64_t got = read_at(reader, at, reader->window, WINDOW_CAPACITY);
            reader->window_start = at;
            reader->window_count = got > 0 ? (size_t)got : 0;
            if (got <= 0) return 1;
        }
    }
    return 0;
}

static int source_seek(int64_t position, void *userdata) {
    cheif_reader *reader = userdata;
    if (position < 0) return 1;
    reader->position = position;
    return 0;
}

/* The data never grows: it reaches `target` if its byte at target - 1 exists. */
static enum heif_reader_grow_status source_wait(int64_t target, void *userdata) {
    cheif_reader *reader = userdata;
    if (target <= 0 || (uint64_t)target <= reader->known_length) return heif_reader_grow_status_size_reached;
    uint8_t byte;
    if (read_at(reader, (uint64_t)target - 1, &byte, 1) == 1) return heif_reader_grow_status_size_reached;
    return heif_reader_grow_status_size_beyond_eof;
}

static const struct heif_reader source_reader = {
    .reader_api_version = 1,
    .get_position = source_position,
    .read = source_read,
    .seek = source_seek,
    .wait_for_file_size = source_wait,
};

static uint32_t be32(const uint8_t *bytes) {
    return (uint32_t)bytes[0] << 24 | (uint32_t)bytes[1] << 16 | (uint32_t)bytes[2] << 8 | bytes[3];
}

static int64_t read_for_properties(void *context, uint64_t offset, void *buffer, size_t count);

/* Walks the top-level boxes by their headers: *cut when one reaches past the end of the
 * data, the data ends after the first (an ftyp with nothing after it), or the iloc box
 * places item data past the end; *movie when a moov box (an image sequence's track) is
 * among them. Read only after a failure, so a good file costs nothing. */
static void walk_top_level(cheif_reader *reader, int *cut, int *movie) {
    uint64_t at = 0;
    *cut = 0;
    *movie = 0;
    for (int i = 0; i < 64; i++) {
        uint8_t header[16];
        int64_t got = read_at(reader, at, header, sizeof header);
        if (got <= 0) {
            uint64_t data_end = cheif_meta_data_end(read_for_properties, reader);
            uint8_t last;
            *cut = (i <= 1 && got == 0) || (data_end > 0 && read_at(reader, data_end - 1, &last, 1) != 1);
            return;
        }
        if (got < 8) {
            *cut = 1;
            return;
        }
        uint64_t size = be32(header);
        if (size == 1) {
            if (got < 16) {
                *cut = 1;
                return;
            }
            size = (uint64_t)be32(header + 8) << 32 | be32(header + 12);
        }
        /* 0 runs to the end of the data; under 8 is damage, not a cut. */
        if (size < 8 || at + size < at) return;
        if (memcmp(header + 4, "moov", 4) == 0) *movie = 1;
        uint8_t last;
        if (read_at(reader, at + size - 1, &last, 1) != 1) {
            *cut = 1;
            return;
        }
        at += size;
    }
}

/* Keeps libheif's message and sorts its error into the shim's statuses. */
static cimage_status failure(cheif_reader *reader, struct heif_error error) {
    if (reader->read_failed) return CIMAGE_ERROR_IO;
    snprintf(reader->message, sizeof reader->message, "%s", error.message != NULL ? error.message : "unknown error");
    /* libheif reads past the last box to find the end of every file, so that its reads
     * ran out says nothing; a top-level box reaching past the end does. (libheif quirk:
     * a meta box cut short ends its scan silently, and it then reports "No 'meta'
     * box".) Before, every refusal of a whole file, a damaged box or an image sequence,
     * was said to be a cut file. */
    int cut = 0, movie = 0;
    walk_top_level(reader, &cut, &movie);
    if (reader->read_failed) return CIMAGE_ERROR_IO;
    if (error.subcode == heif_suberror_End_of_data || cut) return CIMAGE_ERROR_TRUNCATED;
    if (movie && (error.subcode == heif_suberror_No_meta_box || error.subcode == heif_suberror_No_pitm_box ||
                  error.subcode == heif_suberror_No_or_invalid_primary_item || error.subcode == heif_suberror_No_hdlr_box ||
                  error.subcode == heif_suberror_No_pict_handler)) {
        reader->sequence = 1;
        return CIMAGE_ERROR_UNSUPPORTED;
    }
    if (error.subcode == heif_suberror_Security_limit_exceeded) return CIMAGE_ERROR_UNSUPPORTED;
    switch (error.code) {
    case heif_error_Memory_allocation_error: return CIMAGE_ERROR_MEMORY;
    case heif_error_Unsupported_feature:
    case heif_error_Unsupported_filetype: return CIMAGE_ERROR_UNSUPPORTED;
    default: return CIMAGE_ERROR_FORMAT;
    }
}

/* Refuses a handle (item `id`, 0 for one the boxes are not asked about) whose upright or
 * coded size is over the limit. */
static cimage_status check_size(cheif_reader *reader, const struct heif_image_handle *handle, heif_item_id id) {
    int width = 0, height = 0;
    upright_size(reader, handle, id, &width, &height);
    int coded_width = heif_image_handle_get_ispe_width(handle), coded_height = heif_image_handle_get_ispe_height(handle);
    if (width <= 0 || height <= 0) {
        snprintf(reader->message, sizeof reader->message, "the image is %dx%d", width, height);
        return CIMAGE_ERROR_FORMAT;
    }
    uint64_t pixels = (uint64_t)width * (uint64_t)height;
    uint64_t coded = coded_width > 0 && coded_height > 0 ? (uint64_t)coded_width * (uint64_t)coded_height : 0;
    if (pixels > reader->max_pixels || coded > reader->max_pixels) {
        snprintf(reader->message, sizeof reader->message, "%dx%d (coded %dx%d), over the limit of %llu pixels", width,
                 height, coded_width, coded_height, (unsigned long long)reader->max_pixels);
        return CIMAGE_ERROR_LIMIT;
    }
    return CIMAGE_OK;
}

cimage_status cheif_reader_open(cheif_reader *reader, void *context, cimage_read_function read, uint64_t max_pixels,
                               cheif_info *info) {
    if (reader->primary != NULL || reader->source != NULL) return CIMAGE_ERROR_STATE;
    reader->source = context;
    reader->read = read;
    reader->max_pixels = max_pixels;
    memset(info, 0, sizeof *info);
    reader->message[0] = '\0';
    struct heif_error library_error = cheif_library_init();
    if (library_error.code != heif_error_Ok) return failure(reader, library_error);

    /* libheif's own fence, for the tiles of a grid as well as the image: no side
     * may exceed what the pixel limit allows for a one-pixel-wide image. */
    heif_context_set_maximum_image_size_limit(reader->context, max_pixels > INT_MAX ? INT_MAX : (int)max_pixels);
    struct heif_error error = heif_context_read_from_reader(reader->context, &source_reader, reader, NULL);
    if (error.code != heif_error_Ok) return failure(reader, error);
    error = heif_context_get_primary_image_handle(reader->context, &reader->primary);
    if (error.code != heif_error_Ok) return failure(reader, error);
    info->has_primary = 1;
    if (heif_context_get_primary_image_ID(reader->context, &reader->primary_id).code != heif_error_Ok) reader->primary_id = 0;
    reader->properties = cheif_properties_read(read_for_properties, reader);
    if (reader->read_failed) return CIMAGE_ERROR_IO;

    int width = 0, height = 0;
    upright_size(reader, reader->primary, reader->primary_id, &width, &height);
    info->width = width > 0 ? (uint32_t)width : 0;
    info->height = height > 0 ? (uint32_t)height : 0;
    int coded_width = heif_image_handle_get_ispe_width(reader->primary);
    int coded_height = heif_image_handle_get_ispe_height(reader->primary);
    info->coded_width = coded_width > 0 ? (uint32_t)coded_width : 0;
    info->coded_height = coded_height > 0 ? (uint32_t)coded_height : 0;
    info->has_alpha = heif_image_handle_has_alpha_channel(reader->primary);
    info->alpha_left_out = !info->has_alpha && cheif_properties_has_alpha_item(reader->properties, reader->primary_id);
    cimage_status status = check_size(reader, reader->primary, reader->primary_id);
    if (status != CIMAGE_OK) return status;

    heif_item_id ids[CHEIF_MAX_THUMBNAILS];
    int listed = heif_image_handle_get_list_of_thumbnail_IDs(reader->primary, ids, CHEIF_MAX_THUMBNAILS);
    for (int i = 0; i < listed; i++) {
        struct heif_image_handle *thumbnail = NULL;
        /* A thumbnail that cannot be opened is left out: the primary image is still there. */
        if (heif_image_handle_get_thumbnail(reader->primary, ids[i], &thumbnail).code != heif_error_Ok) continue;
        reader->thumbnail_ids[reader->thumbnail_count] = ids[i];
        reader->thumbnails[reader->thumbnail_count++] = thumbnail;
    }
    info->thumbnail_count = reader->thumbnail_count;
    return CIMAGE_OK;
}

const uint8_t *cheif_reader_icc_profile(cheif_reader *reader, size_t *count) {
    *count = 0;
    if (reader->primary == NULL) return NULL;
    if (reader->icc_profile == NULL) {
        enum heif_color_profile_type type = heif_image_handle_get_color_profile_type(reader->primary);
        if (type != heif_color_profile_type_prof && type != heif_color_profile_type_rICC) return NULL;
        size_t size = heif_image_handle_get_raw_color_profile_size(reader->primary);
        if (size == 0) return NULL;
        uint8_t *profile = malloc(size);
        if (profile == NULL) return NULL;
        if (heif_image_handle_get_raw_color_profile(reader->primary, profile).code != heif_error_Ok) {
            free(profile);
            return NULL;
        }
        reader->icc_profile = profile;
        reader->icc_profile_size = size;
    }
    *count = reader->icc_profile_size;
    return reader->icc_profile;
}

int cheif_reader_nclx(const cheif_reader *reader, cheif_nclx *nclx) {
    memset(nclx, 0, sizeof *nclx);
    if (reader->primary == NULL) return 0;
    /* Asked for directly: the profile type names only the ICC one when a file has both. */
    struct heif_color_profile_nclx *stored = NULL;
    struct heif_error error = heif_image_handle_get_nclx_color_profile(reader->primary, &stored);
    /* libheif 1.15 allocates the profile before it checks the code points, and returns an
       unknown one as an error with the allocation still handed over: free it either way. */
    if (error.code != heif_error_Ok || stored == NULL) {
        heif_nclx_color_profile_free(stored);
        return 0;
    }
    nclx->primaries = (uint16_t)stored->color_primaries;
    nclx->transfer = (uint16_t)stored->transfer_characteristics;
    nclx->matrix = (uint16_t)stored->matrix_coefficients;
    nclx->full_range = stored->full_range_flag != 0;
    heif_nclx_color_profile_free(stored);
    return 1;
}

cimage_status cheif_reader_thumbnail_size(const cheif_reader *reader, int index, uint32_t *width, uint32_t *height) {
    if (index < 0 || index >= reader->thumbnail_count) return CIMAGE_ERROR_STATE;
    int w = 0, h = 0;
    upright_size(reader, reader->thumbnails[index], reader->thumbnail_ids[index], &w, &h);
    *width = w > 0 ? (uint32_t)w : 0;
    *height = h > 0 ? (uint32_t)h : 0;
    return CIMAGE_OK;
}

/* Straight alpha from premultiplied: c * 255 / a, rounded. Colour under alpha 0 is lost. */
static inline uint8_t unpremultiply(uint32_t value, uint32_t alpha) {
    if (alpha == 0) return 0;
    uint32_t straight = (value * 255 + alpha / 2) / alpha;
    return (uint8_t)(straight > 255 ? 255 : straight);
}

/* The alpha image's own decode says its range: libheif 1.15 copies a limited-range
 * alpha plane as stored (an opaque 235 stays 235), and says the range only on the
 * image decoded from the alpha item, from its AV1 or HEVC sequence header. */
static int alpha_is_limited_range(cheif_reader *reader, const struct heif_image_handle *handle) {
    if (!heif_image_handle_has_alpha_channel(handle)) return 0;
    int count = heif_image_handle_get_number_of_auxiliary_images(handle, LIBHEIF_AUX_IMAGE_FILTER_OMIT_DEPTH);
    if (count <= 0) return 0;
    heif_item_id *ids = calloc((size_t)count, sizeof *ids);
    if (ids == NULL) return 0;
    count = heif_image_handle_get_list_of_auxiliary_image_IDs(handle, LIBHEIF_AUX_IMAGE_FILTER_OMIT_DEPTH, ids, count);
    int limited = 0;
    for (int i = 0; i < count && !limited; i++) {
        struct heif_image_handle *auxiliary = NULL;
        if (heif_image_handle_get_auxiliary_image_handle(handle, ids[i], &auxiliary).code != heif_error_Ok) continue;
        const char *type = NULL;
        int alpha = heif_image_handle_get_auxiliary_type(auxiliary, &type).code == heif_error_Ok && type != NULL &&
                    (strcmp(type, "urn:mpeg:mpegB:cicp:systems:auxiliary:alpha") == 0 ||
                     strcmp(type, "urn:mpeg:hevc:2015:auxid:1") == 0);
        heif_image_handle_free_auxiliary_types(auxiliary, &type);
        struct heif_image *plane = NULL;
        if (alpha && check_size(reader, auxiliary, ids[i]) == CIMAGE_OK &&
            heif_decode_image(auxiliary, &plane, heif_colorspace_undefined, heif_chroma_undefined, NULL).code == heif_error_Ok) {
            struct heif_color_profile_nclx *nclx = NULL;
            if (heif_image_get_nclx_color_profile(plane, &nclx).code == heif_error_Ok && nclx != NULL) {
                limited = nclx->full_range_flag == 0;
            }
            heif_nclx_color_profile_free(nclx);
        }
        heif_image_release(plane);
        heif_image_handle_release(auxiliary);
    }
    free(ids);
    return limited;
}

/* Limited-range alpha (16 to 235) to full, as libavif's avifLimitedToFullY rounds it:
 * ((a - 16) * 255 + 109) / 219 with C's division, clamped. */
static inline uint8_t alpha_to_full_range(uint8_t alpha) {
    int full = (((int)alpha - 16) * 255 + 109) / 219;
    return (uint8_t)(full < 0 ? 0 : full > 255 ? 255 : full);
}

/* A sample of `bits` bits to 8, full range kept, limited range (16-235 scaled to the
 * depth) expanded to full as libavif's YUV to RGB conversion does, rounded. */
static inline uint8_t grey_to_8_bits(uint32_t value, int bits, int limited) {
    if (!limited) {
        uint32_t maximum = (1u << bits) - 1;
        return (uint8_t)((value * 255 + maximum / 2) / maximum);
    }
    int64_t low = 16ll << (bits - 8), range = 219ll << (bits - 8);
    int64_t full = (((int64_t)value - low) * 510 + range) / (2 * range);
    return (uint8_t)(value <= low ? 0 : full > 255 ? 255 : full);
}

static inline uint32_t plane_sample(const uint8_t *row, int x, int bits) {
    if (bits <= 8) return row[x];
    uint16_t value;
    memcpy(&value, row + (size_t)x * 2, sizeof value);
    return value;
}

/* A monochrome image decoded as itself, then made RGBA here: libheif 1.15 copies the
 * grey into R, G and B as stored, so limited range stayed 16-235 (link-u's monochrome
 * fox spanned 11-239), and only its own decode of the plane says the range. */
static cimage_status decode_monochrome(cheif_reader *reader, const struct heif_image_handle *handle,
                                       const struct heif_decoding_options *options, uint8_t **pixels, int *stride,
                                       int *width, int *height) {
    struct heif_error error =
        heif_decode_image(handle, &reader->decoded, heif_colorspace_monochrome, heif_chroma_monochrome, options);
    if (error.code != heif_error_Ok) {
        reader->decoded = NULL;
        return failure(reader, error);
    }
    int w = heif_image_get_width(reader->decoded, heif_channel_Y);
    int h = heif_image_get_height(reader->decoded, heif_channel_Y);
    int bits = heif_image_get_bits_per_pixel_range(reader->decoded, heif_channel_Y);
    int grey_stride = 0, alpha_stride = 0;
    const uint8_t *grey = heif_image_get_plane_readonly(reader->decoded, heif_channel_Y, &grey_stride);
    const uint8_t *alpha = NULL;
    int alpha_bits = 8;
    if (heif_image_has_channel(reader->decoded, heif_channel_Alpha)) {
        alpha = heif_image_get_plane_readonly(reader->decoded, heif_channel_Alpha, &alpha_stride);
        alpha_bits = heif_image_get_bits_per_pixel_range(reader->decoded, heif_channel_Alpha);
        if (heif_image_get_width(reader->decoded, heif_channel_Alpha) != w ||
            heif_image_get_height(reader->decoded, heif_channel_Alpha) != h || alpha_bits < 1 || alpha_bits > 16) {
            alpha = NULL;
        }
    }
    if (w <= 0 || h <= 0 || grey == NULL || bits < 8 || bits > 16) {
        snprintf(reader->message, sizeof reader->message, "the decoder delivered no grey plane");
        return CIMAGE_ERROR_FORMAT;
    }
    struct heif_color_profile_nclx *nclx = NULL;
    int limited = heif_image_get_nclx_color_profile(reader->decoded, &nclx).code == heif_error_Ok && nclx != NULL &&
                  nclx->full_range_flag == 0;
    heif_nclx_color_profile_free(nclx);
    reader->grey_pixels = malloc((size_t)w * (size_t)h * 4);
    if (reader->grey_pixels == NULL) {
        snprintf(reader->message, sizeof reader->message, "no memory for %dx%d RGBA", w, h);
        return CIMAGE_ERROR_MEMORY;
    }
    for (int y = 0; y < h; y++) {
        const uint8_t *grey_row = grey + (size_t)y * (size_t)grey_stride;
        const uint8_t *alpha_row = alpha != NULL ? alpha + (size_t)y * (size_t)alpha_stride : NULL;
        uint8_t *out = reader->grey_pixels + (size_t)y * (size_t)w * 4;
        for (int x = 0; x < w; x++, out += 4) {
            out[0] = out[1] = out[2] = grey_to_8_bits(plane_sample(grey_row, x, bits), bits, limited);
            out[3] = alpha_row != NULL ? grey_to_8_bits(plane_sample(alpha_row, x, alpha_bits), alpha_bits, 0) : 255;
        }
    }
    *pixels = reader->grey_pixels;
    *stride = w * 4;
    *width = w;
    *height = h;
    return CIMAGE_OK;
}

cimage_status cheif_reader_decode(cheif_reader *reader, int index, uint32_t *width, uint32_t *height) {
    if (reader->primary == NULL || reader->decoded != NULL || index < -1 || index >= reader->thumbnail_count) {
        return CIMAGE_ERROR_STATE;
    }
    struct heif_image_handle *handle = index < 0 ? reader->primary : reader->thumbnails[index];
    heif_item_id id = index < 0 ? reader->primary_id : reader->thumbnail_ids[index];
    cimage_status status = check_size(reader, handle, id);
    if (status != CIMAGE_OK) return status;
    struct heif_decoding_options *options = heif_decoding_options_alloc();
    if (options == NULL) return CIMAGE_ERROR_MEMORY;
    /* Transformations stay on (the default), so the pixels come out upright; strict
     * decoding makes a damaged or missing grid tile an error, not a grey square. */
    options->ignore_transformations = 0;
    options->strict_decoding = 1;
    int w = 0, h = 0, stride = 0;
    uint8_t *pixels = NULL;
    if (cheif_properties_monochrome(reader->properties, id)) {
        status = decode_monochrome(reader, handle, options, &pixels, &stride, &w, &h);
        heif_decoding_options_free(options);
        if (status != CIMAGE_OK) return status;
    } else {
        /* libheif converts 10- and 12-bit data to the 8-bit interleaved RGBA asked for. */
        struct heif_error error =
            heif_decode_image(handle, &reader->decoded, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, options);
        heif_decoding_options_free(options);
        if (error.code != heif_error_Ok) {
            reader->decoded = NULL;
            return failure(reader, error);
        }
        w = heif_image_get_width(reader->decoded, heif_channel_interleaved);
        h = heif_image_get_height(reader->decoded, heif_channel_interleaved);
        pixels = heif_image_get_plane(reader->decoded, heif_channel_interleaved, &stride);
        if (w <= 0 || h <= 0 || pixels == NULL || stride < w * 4) {
            snprintf(reader->message, sizeof reader->message, "the decoder delivered no RGBA plane");
            return CIMAGE_ERROR_FORMAT;
        }
    }
    if (heif_image_is_premultiplied_alpha(reader->decoded)) {
        for (int y = 0; y < h; y++) {
            uint8_t *row = pixels + (size_t)y * (size_t)stride;
            for (int x = 0; x < w; x++, row += 4) {
                if (row[3] == 255) continue;
                row[0] = unpremultiply(row[0], row[3]);
                row[1] = unpremultiply(row[1], row[3]);
                row[2] = unpremultiply(row[2], row[3]);
            }
        }
    }
    if (alpha_is_limited_range(reader, handle)) {
        for (int y = 0; y < h; y++) {
            uint8_t *row = pixels + (size_t)y * (size_t)stride;
            for (int x = 0; x < w; x++) row[x * 4 + 3] = alpha_to_full_range(row[x * 4 + 3]);
        }
    }
    *width = (uint32_t)w;
    *height = (uint32_t)h;
    return CIMAGE_OK;
}

const uint8_t *cheif_reader_pixels(const cheif_reader *reader, size_t *stride) {
    *stride = 0;
    if (reader->decoded == NULL) return NULL;
    if (reader->grey_pixels != NULL) {
        *stride = (size_t)heif_image_get_width(reader->decoded, heif_channel_Y) * 4;
        return reader->grey_pixels;
    }
    int row_bytes = 0;
    const uint8_t *pixels = heif_image_get_plane_readonly(reader->decoded, heif_channel_interleaved, &row_bytes);
    *stride = row_bytes > 0 ? (size_t)row_bytes : 0;
    return pixels;
}

cimage_status cheif_reader_metadata(cheif_reader *reader, const char *item_type, const char *content_type,
                                    uint64_t max_size, const uint8_t **bytes, size_t *count) {
    *bytes = NULL;
    *count = 0;
    if (reader->primary == NULL) return cimage_fail(reader->message, CIMAGE_ERROR_STATE, "no file is open");
    int listed = heif_image_handle_get_number_of_metadata_blocks(reader->primary, item_type);
    if (listed <= 0) return CIMAGE_OK;
    heif_item_id *ids = calloc((size_t)listed, sizeof *ids);
    if (ids == NULL) return cimage_fail(reader->message, CIMAGE_ERROR_MEMORY, "out of memory");
    int found = heif_image_handle_get_list_of_metadata_block_IDs(reader->primary, item_type, ids, listed);
    cimage_status status = CIMAGE_OK;
    for (int i = 0; i < found && i < listed; i++) {
        const char *content = heif_image_handle_get_metadata_content_type(reader->primary, ids[i]);
        if (content == NULL || strcmp(content, content_type) != 0) continue;
        size_t size = heif_image_handle_get_metadata_size(reader->primary, ids[i]);
        /* The size is the item's extent as the iloc box declares it; the data must hold it. */
        if (size > max_size) {
            status = cimage_fail(reader->message, CIMAGE_ERROR_TRUNCATED, "a %s item of %zu bytes in %llu", item_type,
                                 size, (unsigned long long)max_size);
            break;
        }
        free(reader->metadata);
        reader->metadata = malloc(size > 0 ? size : 1);
        if (reader->metadata == NULL) {
            status = cimage_fail(reader->message, CIMAGE_ERROR_MEMORY, "out of memory");
            break;
        }
        struct heif_error error = heif_image_handle_get_metadata(reader->primary, ids[i], reader->metadata);
        if (error.code != heif_error_Ok) {
            status = failure(reader, error);
            break;
        }
        *bytes = reader->metadata;
        *count = size;
        break;
    }
    free(ids);
    return status;
}

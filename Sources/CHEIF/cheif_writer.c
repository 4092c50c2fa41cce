#include "cheif_writer.h"
#include "cheif_library.h"
#include "cimage_shim.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libheif/heif.h>

struct cheif_writer {
    struct heif_context *context;
    struct heif_image_handle *image;
    uint8_t *file;
    size_t file_count;
    char message[CIMAGE_MESSAGE_CAPACITY];
};

/* H.273 code points: BT.709 primaries and the sRGB transfer, as sRGB is. */
enum { PRIMARIES_BT709 = 1, TRANSFER_SRGB = 13, MATRIX_IDENTITY = 0, MATRIX_BT601 = 6 };

static cimage_status failure(cheif_writer *writer, const char *stage, struct heif_error error) {
    snprintf(writer->message, sizeof writer->message, "%s: %s", stage,
             error.message != NULL ? error.message : "unknown error");
    switch (error.code) {
    case heif_error_Memory_allocation_error: return CIMAGE_ERROR_MEMORY;
    case heif_error_Unsupported_feature:
    case heif_error_Unsupported_filetype: return CIMAGE_ERROR_UNSUPPORTED;
    case heif_error_Usage_error: return CIMAGE_ERROR_ARGUMENT;
    default: return CIMAGE_ERROR_FORMAT;
    }
}

cheif_writer *cheif_writer_create(void) {
    cheif_writer *writer = calloc(1, sizeof *writer);
    if (writer != NULL) writer->context = heif_context_alloc();
    if (writer != NULL && writer->context != NULL) return writer;
    free(writer);
    return NULL;
}

void cheif_writer_destroy(cheif_writer *writer) {
    if (writer == NULL) return;
    if (writer->image != NULL) heif_image_handle_release(writer->image);
    heif_context_free(writer->context);
    free(writer->file);
    free(writer);
}

CIMAGE_DEFINE_MESSAGE(cheif_writer)

/* The encoder's settings: the quality, or lossless colour and alpha in 4:4:4. */
static struct heif_error configure(struct heif_encoder *encoder, int quality, int lossless) {
    if (!lossless) return heif_encoder_set_lossy_quality(encoder, quality);
    struct heif_error error = heif_encoder_set_lossless(encoder, 1);
    /* libheif 1.15's aom plugin already keeps 4:4:4 when lossless (measured: exact without
     * this); asked for by name so that no other version or plugin subsamples the planes. */
    if (error.code == heif_error_Ok) error = heif_encoder_set_parameter_string(encoder, "chroma", "444");
    if (error.code == heif_error_Ok) error = heif_encoder_set_parameter_boolean(encoder, "lossless-alpha", 1);
    return error;
}

cimage_status cheif_writer_encode(cheif_writer *writer, const uint8_t *pixels, uint32_t width, uint32_t height,
                                  size_t stride, int has_alpha, int quality, int lossless) {
    if (writer->image != NULL) return cimage_fail(writer->message, CIMAGE_ERROR_STATE, "the image is already encoded");
    if (width == 0 || height == 0 || width > INT_MAX || height > INT_MAX)
        return cimage_fail(writer->message, CIMAGE_ERROR_ARGUMENT, "a size of %ux%u", width, height);
    if (quality < 1 || quality > 100) return cimage_fail(writer->message, CIMAGE_ERROR_ARGUMENT, "quality %d", quality);
    struct heif_error error = cheif_library_init();
    if (error.code != heif_error_Ok) return failure(writer, "starting libheif", error);

    struct heif_image *image = NULL;
    struct heif_encoder *encoder = NULL;
    struct heif_color_profile_nclx *nclx = NULL;
    struct heif_encoding_options *options = NULL;
    cimage_status status = CIMAGE_OK;

    error = heif_image_create((int)width, (int)height, heif_colorspace_RGB,
                              has_alpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB, &image);
    if (error.code == heif_error_Ok) error = heif_image_add_plane(image, heif_channel_interleaved, (int)width, (int)height, 8);
    if (error.code != heif_error_Ok) {
        status = failure(writer, "making the image", error);
        goto done;
    }
    int plane_stride = 0;
    uint8_t *plane = heif_image_get_plane(image, heif_channel_interleaved, &plane_stride);
    if (plane == NULL) {
        status = cimage_fail(writer->message, CIMAGE_ERROR_MEMORY, "making the image: no plane");
        goto done;
    }
    size_t row_bytes = (size_t)width * (has_alpha ? 4 : 3);
    for (uint32_t y = 0; y < height; y++) memcpy(plane + (size_t)y * (size_t)plane_stride, pixels + y * stride, row_bytes);

    nclx = heif_nclx_color_profile_alloc();
    if (nclx == NULL) {
        status = cimage_fail(writer->message, CIMAGE_ERROR_MEMORY, "out of memory");
        goto done;
    }
    nclx->color_primaries = PRIMARIES_BT709;
    nclx->transfer_characteristics = TRANSFER_SRGB;
    nclx->matrix_coefficients = lossless ? MATRIX_IDENTITY : MATRIX_BT601;
    nclx->full_range_flag = 1;
    error = heif_image_set_nclx_color_profile(image, nclx);
    if (error.code != heif_error_Ok) {
        status = failure(writer, "tagging the image", error);
        goto done;
    }

    error = heif_context_get_encoder_for_format(writer->context, heif_compression_AV1, &encoder);
    if (error.code != heif_error_Ok) {
        status = failure(writer, "finding an AV1 encoder", error);
        if (status == CIMAGE_ERROR_FORMAT) status = CIMAGE_ERROR_UNSUPPORTED;
        goto done;
    }
    error = configure(encoder, quality, lossless);
    if (error.code != heif_error_Ok) {
        status = failure(writer, "configuring the AV1 encoder", error);
        goto done;
    }

    options = heif_encoding_options_alloc();
    if (options == NULL) {
        status = cimage_fail(writer->message, CIMAGE_ERROR_MEMORY, "out of memory");
        goto done;
    }
    /* Version 4 added the output nclx; without it libheif would pick its own matrix
     * (BT.601) and convert RGB to YCbCr, which is not exact. */
    if (options->version < 4) {
        status = cimage_fail(writer->message, CIMAGE_ERROR_UNSUPPORTED, "libheif's encoding options are version %d",
                             options->version);
        goto done;
    }
    options->output_nclx_profile = nclx;
    options->save_alpha_channel = has_alpha ? 1 : 0;
    error = heif_context_encode_image(writer->context, image, encoder, options, &writer->image);
    if (error.code != heif_error_Ok) status = failure(writer, "encoding", error);

done:
    if (options != NULL) heif_encoding_options_free(options);
    if (encoder != NULL) heif_encoder_release(encoder);
    if (nclx != NULL) heif_nclx_color_profile_free(nclx);
    if (image != NULL) heif_image_release(image);
    return status;
}

cimage_status cheif_writer_add_metadata(cheif_writer *writer, const char *item_type, const char *content_type,
                                        const uint8_t *bytes, size_t count) {
    if (writer->image == NULL) return cimage_fail(writer->message, CIMAGE_ERROR_STATE, "no image is encoded yet");
    if (count > INT_MAX) return cimage_fail(writer->message, CIMAGE_ERROR_ARGUMENT, "metadata of %zu bytes", count);
    struct heif_error error =
        heif_context_add_generic_metadata(writer->context, writer->image, bytes, (int)count, item_type, content_type);
    return error.code == heif_error_Ok ? CIMAGE_OK : failure(writer, "adding metadata", error);
}

/* libheif hands the whole file to one call; it is kept in the handle. */
static struct heif_error keep_file(struct heif_context *context, const void *data, size_t size, void *userdata) {
    (void)context;
    cheif_writer *writer = userdata;
    uint8_t *file = malloc(size > 0 ? size : 1);
    if (file == NULL) {
        struct heif_error error = {heif_error_Memory_allocation_error, heif_suberror_Unspecified, "out of memory"};
        return error;
    }
    memcpy(file, data, size);
    free(writer->file);
    writer->file = file;
    writer->file_count = size;
    struct heif_error ok = {heif_error_Ok, heif_suberror_Unspecified, "Success"};
    return ok;
}

cimage_status cheif_writer_assemble(cheif_writer *writer, const uint8_t **bytes, size_t *count) {
    *bytes = NULL;
    *count = 0;
    if (writer->image == NULL) return cimage_fail(writer->message, CIMAGE_ERROR_STATE, "no image is encoded yet");
    struct heif_writer callbacks = {.writer_api_version = 1, .write = keep_file};
    struct heif_error error = heif_context_write(writer->context, &callbacks, writer);
    if (error.code != heif_error_Ok) return failure(writer, "writing the file", error);
    *bytes = writer->file;
    *count = writer->file_count;
    return CIMAGE_OK;
}

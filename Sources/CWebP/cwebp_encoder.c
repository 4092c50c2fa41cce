#include "cwebp_encoder.h"
#include "cimage_shim.h"

#include <stdlib.h>

#include <webp/encode.h>
#include <webp/mux.h>

struct cwebp_encoder {
    WebPMemoryWriter bitstream;
    WebPMux *mux;
    WebPData assembled;
    char message[CIMAGE_MESSAGE_CAPACITY];
};

static const char *encoding_error_text(WebPEncodingError error) {
    switch (error) {
    case VP8_ENC_ERROR_OUT_OF_MEMORY: return "out of memory";
    case VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY: return "out of memory for the bitstream";
    case VP8_ENC_ERROR_NULL_PARAMETER: return "a null parameter";
    case VP8_ENC_ERROR_INVALID_CONFIGURATION: return "an invalid configuration";
    case VP8_ENC_ERROR_BAD_DIMENSION: return "a bad dimension";
    case VP8_ENC_ERROR_PARTITION0_OVERFLOW: return "partition 0 overflowed";
    case VP8_ENC_ERROR_PARTITION_OVERFLOW: return "a partition overflowed";
    case VP8_ENC_ERROR_BAD_WRITE: return "a bad write";
    case VP8_ENC_ERROR_FILE_TOO_BIG: return "the file is too big";
    case VP8_ENC_ERROR_USER_ABORT: return "aborted";
    default: return "an unknown error";
    }
}

static const char *mux_error_text(WebPMuxError error) {
    switch (error) {
    case WEBP_MUX_NOT_FOUND: return "not found";
    case WEBP_MUX_INVALID_ARGUMENT: return "invalid argument";
    case WEBP_MUX_BAD_DATA: return "bad data";
    case WEBP_MUX_MEMORY_ERROR: return "out of memory";
    case WEBP_MUX_NOT_ENOUGH_DATA: return "not enough data";
    default: return "an unknown error";
    }
}

cwebp_encoder *cwebp_encoder_create(void) {
    cwebp_encoder *encoder = calloc(1, sizeof *encoder);
    if (encoder == NULL) return NULL;
    WebPMemoryWriterInit(&encoder->bitstream);
    WebPDataInit(&encoder->assembled);
    return encoder;
}

void cwebp_encoder_destroy(cwebp_encoder *encoder) {
    if (encoder == NULL) return;
    WebPMemoryWriterClear(&encoder->bitstream);
    WebPMuxDelete(encoder->mux);
    WebPDataClear(&encoder->assembled);
    free(encoder);
}

CIMAGE_DEFINE_MESSAGE(cwebp_encoder)

cimage_status cwebp_encoder_encode(cwebp_encoder *encoder, const uint8_t *pixels, uint32_t width, uint32_t height,
                                   size_t stride, int has_alpha, int quality, int lossless) {
    if (encoder->mux != NULL) return cimage_fail(encoder->message, CIMAGE_ERROR_STATE, "the image is already encoded");
    if (width == 0 || height == 0 || width > CWEBP_MAX_SIDE || height > CWEBP_MAX_SIDE)
        return cimage_fail(encoder->message, CIMAGE_ERROR_ARGUMENT, "%ux%u is not 1 to %d px a side", width, height,
                           CWEBP_MAX_SIDE);
    if (stride > INT32_MAX) return cimage_fail(encoder->message, CIMAGE_ERROR_ARGUMENT, "a stride of %zu", stride);
    if (quality < 1 || quality > 100) return cimage_fail(encoder->message, CIMAGE_ERROR_ARGUMENT, "quality %d", quality);

    WebPConfig config;
    if (!WebPConfigInit(&config))
        return cimage_fail(encoder->message, CIMAGE_ERROR_UNSUPPORTED, "libwebp's version does not match its header");
    if (lossless) {
        config.lossless = 1;
        /* Transparent pixels keep their colour, so the file decodes to the rows given. */
        config.exact = 1;
    } else {
        config.quality = (float)quality;
    }
    if (!WebPValidateConfig(&config))
        return cimage_fail(encoder->message, CIMAGE_ERROR_ARGUMENT, "libwebp refused the configuration");

    WebPPicture picture;
    if (!WebPPictureInit(&picture))
        return cimage_fail(encoder->message, CIMAGE_ERROR_UNSUPPORTED, "libwebp's version does not match its header");
    /* Lossless encodes ARGB; lossy imports straight to YUV. */
    picture.use_argb = lossless ? 1 : 0;
    picture.width = (int)width;
    picture.height = (int)height;
    int imported = has_alpha ? WebPPictureImportRGBA(&picture, pixels, (int)stride)
                             : WebPPictureImportRGB(&picture, pixels, (int)stride);
    if (!imported) {
        WebPPictureFree(&picture);
        return cimage_fail(encoder->message, CIMAGE_ERROR_MEMORY, "out of memory importing the pixels");
    }
    picture.writer = WebPMemoryWrite;
    picture.custom_ptr = &encoder->bitstream;
    int encoded = WebPEncode(&config, &picture);
    WebPEncodingError error = picture.error_code;
    WebPPictureFree(&picture);
    if (!encoded) {
        cimage_status status = error == VP8_ENC_ERROR_OUT_OF_MEMORY || error == VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY
                                   ? CIMAGE_ERROR_MEMORY
                                   : CIMAGE_ERROR_FORMAT;
        return cimage_fail(encoder->message, status, "WebPEncode failed: %s", encoding_error_text(error));
    }

    WebPData bitstream = {encoder->bitstream.mem, encoder->bitstream.size};
    encoder->mux = WebPMuxCreate(&bitstream, 1);
    if (encoder->mux == NULL) return cimage_fail(encoder->message, CIMAGE_ERROR_MEMORY, "WebPMuxCreate failed");
    /* The mux holds its own copy. */
    WebPMemoryWriterClear(&encoder->bitstream);
    WebPMemoryWriterInit(&encoder->bitstream);
    return CIMAGE_OK;
}

cimage_status cwebp_encoder_set_chunk(cwebp_encoder *encoder, const char *fourcc, const uint8_t *bytes, size_t count) {
    if (encoder->mux == NULL) return cimage_fail(encoder->message, CIMAGE_ERROR_STATE, "no image is encoded yet");
    WebPData data = {bytes, count};
    WebPMuxError error = WebPMuxSetChunk(encoder->mux, fourcc, &data, 1);
    if (error != WEBP_MUX_OK) {
        cimage_status status = error == WEBP_MUX_MEMORY_ERROR ? CIMAGE_ERROR_MEMORY : CIMAGE_ERROR_ARGUMENT;
        return cimage_fail(encoder->message, status, "WebPMuxSetChunk(%.4s) failed: %s", fourcc, mux_error_text(error));
    }
    return CIMAGE_OK;
}

cimage_status cwebp_encoder_assemble(cwebp_encoder *encoder, const uint8_t **bytes, size_t *count) {
    *bytes = NULL;
    *count = 0;
    if (encoder->mux == NULL) return cimage_fail(encoder->message, CIMAGE_ERROR_STATE, "no image is encoded yet");
    WebPDataClear(&encoder->assembled);
    WebPMuxError error = WebPMuxAssemble(encoder->mux, &encoder->assembled);
    if (error != WEBP_MUX_OK) {
        cimage_status status = error == WEBP_MUX_MEMORY_ERROR ? CIMAGE_ERROR_MEMORY : CIMAGE_ERROR_FORMAT;
        return cimage_fail(encoder->message, status, "WebPMuxAssemble failed: %s", mux_error_text(error));
    }
    *bytes = encoder->assembled.bytes;
    *count = encoder->assembled.size;
    return CIMAGE_OK;
}

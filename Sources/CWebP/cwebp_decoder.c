#include "cwebp.h"
#include "cimage_shim.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <webp/decode.h>
#include <webp/demux.h>

struct cwebp_decoder {
    uint8_t *bytes;
    size_t count;
    WebPDemuxer *demux;
    /* The first frame's bitstream, pointing into `bytes`. */
    WebPIterator frame;
    int have_frame;
    cwebp_info info;
    int started;
    char message[CIMAGE_MESSAGE_CAPACITY];
};

static const char *status_text(VP8StatusCode status) {
    switch (status) {
    case VP8_STATUS_OK: return "no error";
    case VP8_STATUS_OUT_OF_MEMORY: return "out of memory";
    case VP8_STATUS_INVALID_PARAM: return "invalid parameter";
    case VP8_STATUS_BITSTREAM_ERROR: return "bitstream error";
    case VP8_STATUS_UNSUPPORTED_FEATURE: return "unsupported feature";
    case VP8_STATUS_SUSPENDED: return "suspended";
    case VP8_STATUS_USER_ABORT: return "aborted";
    case VP8_STATUS_NOT_ENOUGH_DATA: return "not enough data";
    }
    return "unknown error";
}

cwebp_decoder *cwebp_decoder_create(const uint8_t *bytes, size_t count) {
    cwebp_decoder *decoder = calloc(1, sizeof *decoder);
    if (decoder == NULL) return NULL;
    /* One spare byte, so an empty file still has a buffer: WebPDemux refuses a NULL one. */
    decoder->bytes = malloc(count + 1);
    if (decoder->bytes == NULL) {
        free(decoder);
        return NULL;
    }
    if (count > 0) memcpy(decoder->bytes, bytes, count);
    decoder->count = count;
    return decoder;
}

void cwebp_decoder_destroy(cwebp_decoder *decoder) {
    if (decoder == NULL) return;
    if (decoder->have_frame) WebPDemuxReleaseIterator(&decoder->frame);
    WebPDemuxDelete(decoder->demux);
    free(decoder->bytes);
    free(decoder);
}

CIMAGE_DEFINE_MESSAGE(cwebp_decoder)

cimage_status cwebp_decoder_probe(cwebp_decoder *decoder, cwebp_info *info) {
    memset(info, 0, sizeof *info);
    WebPBitstreamFeatures features;
    VP8StatusCode status = WebPGetFeatures(decoder->bytes, decoder->count, &features);
    switch (status) {
    case VP8_STATUS_OK: break;
    case VP8_STATUS_NOT_ENOUGH_DATA: return cimage_fail(decoder->message, CIMAGE_ERROR_TRUNCATED, "the header is incomplete");
    case VP8_STATUS_OUT_OF_MEMORY: return cimage_fail(decoder->message, CIMAGE_ERROR_MEMORY, "out of memory");
    case VP8_STATUS_UNSUPPORTED_FEATURE:
        return cimage_fail(decoder->message, CIMAGE_ERROR_UNSUPPORTED, "WebPGetFeatures: %s", status_text(status));
    default: return cimage_fail(decoder->message, CIMAGE_ERROR_FORMAT, "invalid header (WebPGetFeatures: %s)", status_text(status));
    }
    info->width = (uint32_t)features.width;
    info->height = (uint32_t)features.height;
    info->has_alpha = features.has_alpha;
    info->has_animation = features.has_animation;
    return CIMAGE_OK;
}

/* The largest d with ceil(size / d) >= minimum, at most `size` (one pixel). */
static uint32_t largest_reduction(uint32_t size, uint32_t minimum) {
    if (minimum <= 1) return size;
    if (minimum >= size) return 1;
    return (size - 1) / (minimum - 1);
}

cimage_status cwebp_decoder_start(cwebp_decoder *decoder, uint64_t max_pixels,
                                 uint32_t min_width, uint32_t min_height, cwebp_info *info) {
    if (decoder->started) return cimage_fail(decoder->message, CIMAGE_ERROR_STATE, "the decode has already started");
    cimage_status probed = cwebp_decoder_probe(decoder, info);
    if (probed != CIMAGE_OK) return probed;
    /* The header's canvas is checked before the chunks are even parsed. */
    if ((uint64_t)info->width * info->height > max_pixels) {
        return cimage_fail(decoder->message, CIMAGE_ERROR_LIMIT, "%ux%u is %llu pixels, over the limit of %llu", info->width,
                    info->height, (unsigned long long)info->width * info->height, (unsigned long long)max_pixels);
    }

    /* WebPDemux returns NULL for damaged and cut files alike; WebPDemuxPartial
     * tells them apart by how far it got, and returns a demuxer for a cut one. */
    WebPData data = {decoder->bytes, decoder->count};
    WebPDemuxState state = WEBP_DEMUX_PARSE_ERROR;
    decoder->demux = WebPDemuxPartial(&data, &state);
    if (decoder->demux == NULL) {
        if (state == WEBP_DEMUX_PARSING_HEADER) return cimage_fail(decoder->message, CIMAGE_ERROR_TRUNCATED, "the RIFF header is incomplete");
        return cimage_fail(decoder->message, CIMAGE_ERROR_FORMAT, "the RIFF container is malformed (WebPDemux)");
    }
    if (state != WEBP_DEMUX_DONE) {
        return cimage_fail(decoder->message, CIMAGE_ERROR_TRUNCATED, "the data ends before the RIFF chunk does");
    }

    /* The demuxer's canvas is the one the header gave: VP8X's, or the bitstream's. */
    uint32_t width = info->width, height = info->height;
    info->frame_count = WebPDemuxGetI(decoder->demux, WEBP_FF_FRAME_COUNT);
    if (!WebPDemuxGetFrame(decoder->demux, 1, &decoder->frame)) {
        return cimage_fail(decoder->message, CIMAGE_ERROR_FORMAT, "the file holds no frame");
    }
    decoder->have_frame = 1;
    const WebPIterator *frame = &decoder->frame;
    info->frame_x = (uint32_t)frame->x_offset;
    info->frame_y = (uint32_t)frame->y_offset;
    info->frame_width = (uint32_t)frame->width;
    info->frame_height = (uint32_t)frame->height;

    /* Scaling a sub-frame would need its offsets scaled and rounded to match the
     * canvas; animations are rare among photos, so those decode at full size. */
    int covers = frame->x_offset == 0 && frame->y_offset == 0 && (uint32_t)frame->width == width &&
                 (uint32_t)frame->height == height;
    uint32_t reduction = 1;
    if (covers) {
        uint32_t across = largest_reduction(width, min_width), down = largest_reduction(height, min_height);
        reduction = across < down ? across : down;
    }
    info->reduction = reduction;
    info->output_width = (width + reduction - 1) / reduction;
    info->output_height = (height + reduction - 1) / reduction;
    decoder->info = *info;
    decoder->started = 1;
    return CIMAGE_OK;
}

cimage_status cwebp_decoder_decode(cwebp_decoder *decoder, uint8_t *pixels, size_t stride, size_t capacity) {
    if (!decoder->started) return cimage_fail(decoder->message, CIMAGE_ERROR_STATE, "decode before start");
    const cwebp_info *info = &decoder->info;
    size_t row_bytes = (size_t)info->output_width * 4;
    if (stride < row_bytes || capacity < stride * (info->output_height - 1) + row_bytes) {
        return cimage_fail(decoder->message, CIMAGE_ERROR_STATE, "the pixel buffer is too small");
    }
    WebPDecoderConfig config;
    if (!WebPInitDecoderConfig(&config)) {
        return cimage_fail(decoder->message, CIMAGE_ERROR_UNSUPPORTED, "libwebp's decoder ABI does not match its header");
    }
    uint8_t *origin = pixels;
    if (info->reduction > 1) {
        config.options.use_scaling = 1;
        config.options.scaled_width = (int)info->output_width;
        config.options.scaled_height = (int)info->output_height;
    } else if (info->frame_width != info->width || info->frame_height != info->height) {
        /* As libwebp's own WebPAnimDecoder does for a first frame: a transparent
         * canvas, the frame decoded straight into its place. */
        for (uint32_t y = 0; y < info->output_height; y++) memset(pixels + y * stride, 0, row_bytes);
        origin = pixels + info->frame_y * stride + (size_t)info->frame_x * 4;
    }
    config.output.colorspace = MODE_RGBA;
    config.output.is_external_memory = 1;
    config.output.u.RGBA.rgba = origin;
    config.output.u.RGBA.stride = (int)stride;
    config.output.u.RGBA.size = capacity - (size_t)(origin - pixels);

    VP8StatusCode status = WebPDecode(decoder->frame.fragment.bytes, decoder->frame.fragment.size, &config);
    /* A no-op for external memory, but the API asks for it after every decode. */
    WebPFreeDecBuffer(&config.output);
    switch (status) {
    case VP8_STATUS_OK: return CIMAGE_OK;
    case VP8_STATUS_OUT_OF_MEMORY: return cimage_fail(decoder->message, CIMAGE_ERROR_MEMORY, "out of memory");
    case VP8_STATUS_UNSUPPORTED_FEATURE:
        return cimage_fail(decoder->message, CIMAGE_ERROR_UNSUPPORTED, "WebPDecode: %s", status_text(status));
    /* The container was whole (start checked it), so a frame that runs out of
     * data is damaged inside, not cut short. */
    case VP8_STATUS_NOT_ENOUGH_DATA:
        return cimage_fail(decoder->message, CIMAGE_ERROR_FORMAT, "the first frame's data ends before its pixels do");
    default: return cimage_fail(decoder->message, CIMAGE_ERROR_FORMAT, "WebPDecode: %s in the first frame", status_text(status));
    }
}

#include "ccolor.h"

#include <lcms2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ccolor_transform {
    cmsContext context;
    cmsHTRANSFORM transform;
    int color_space;
};

/* Where lcms's error handler writes: the context's user data. */
typedef struct {
    char message[CIMAGE_MESSAGE_CAPACITY];
} ccolor_log;

static void log_error(cmsContext context, cmsUInt32Number code, const char *text) {
    (void)code;
    ccolor_log *log = cmsGetContextUserData(context);
    if (log != NULL && log->message[0] == '\0') {
        snprintf(log->message, sizeof log->message, "%s", text);
    }
}

static cimage_status fail(cimage_status status, char message[CIMAGE_MESSAGE_CAPACITY], const char *text) {
    snprintf(message, CIMAGE_MESSAGE_CAPACITY, "%s", text);
    return status;
}

/* A fresh lcms context whose errors reach a log of its own; NULL when out of memory. */
static cmsContext open_context(void) {
    ccolor_log *log = calloc(1, sizeof *log);
    if (log == NULL) return NULL;
    cmsContext context = cmsCreateContext(NULL, log);
    if (context == NULL) {
        free(log);
        return NULL;
    }
    cmsSetLogErrorHandlerTHR(context, log_error);
    return context;
}

static void close_context(cmsContext context) {
    void *log = cmsGetContextUserData(context);
    cmsDeleteContext(context);
    free(log);
}

/* The context's first error, or `otherwise` when lcms said nothing. */
static const char *logged(cmsContext context, const char *otherwise) {
    ccolor_log *log = cmsGetContextUserData(context);
    return log->message[0] ? log->message : otherwise;
}

/* Builds the transform from `source` (an RGB or grey profile in `context`) to sRGB and
 * hands the context over to it. Closes `source`; closes the context unless it succeeds. */
static cimage_status build(cmsContext context, cmsHPROFILE source, int color_space, ccolor_transform **out,
                           char message[CIMAGE_MESSAGE_CAPACITY]) {
    cimage_status status = CIMAGE_OK;
    cmsHTRANSFORM transform = NULL;
    cmsHPROFILE srgb = cmsCreate_sRGBProfileTHR(context);
    if (srgb == NULL) {
        status = fail(CIMAGE_ERROR_MEMORY, message, "out of memory");
        goto done;
    }
    cmsUInt32Number flags = cmsFLAGS_NOCACHE | cmsFLAGS_BLACKPOINTCOMPENSATION;
    if (color_space == CCOLOR_SPACE_RGB) flags |= cmsFLAGS_COPY_ALPHA;
    cmsUInt32Number input = color_space == CCOLOR_SPACE_RGB ? TYPE_RGBA_8
                          : color_space == CCOLOR_SPACE_LAB ? TYPE_Lab_DBL : TYPE_GRAY_8;
    transform = cmsCreateTransformTHR(context, source, input, srgb, color_space == CCOLOR_SPACE_RGB ? TYPE_RGBA_8 : TYPE_RGB_8,
                                      INTENT_RELATIVE_COLORIMETRIC, flags);
    if (transform == NULL) {
        status = fail(CIMAGE_ERROR_FORMAT, message, logged(context, "Little CMS cannot build a transform"));
        goto done;
    }
    ccolor_transform *handle = malloc(sizeof *handle);
    if (handle == NULL) {
        status = fail(CIMAGE_ERROR_MEMORY, message, "out of memory");
        goto done;
    }
    handle->context = context;
    handle->transform = transform;
    handle->color_space = color_space;
    transform = NULL;
    context = NULL;
    *out = handle;

done:
    if (transform != NULL) cmsDeleteTransform(transform);
    if (srgb != NULL) cmsCloseProfile(srgb);
    cmsCloseProfile(source);
    if (context != NULL) close_context(context);
    return status;
}

cimage_status ccolor_transform_create(const uint8_t *icc, size_t length, ccolor_transform **out,
                                      ccolor_profile_info *info, char message[CIMAGE_MESSAGE_CAPACITY]) {
    *out = NULL;
    message[0] = '\0';
    memset(info, 0, sizeof *info);
    if (icc == NULL || length < 132 || length > UINT32_MAX) {
        return fail(CIMAGE_ERROR_FORMAT, message, "profile is too short to be ICC");
    }
    cmsContext context = open_context();
    if (context == NULL) return fail(CIMAGE_ERROR_MEMORY, message, "out of memory");
    cmsHPROFILE source = cmsOpenProfileFromMemTHR(context, icc, (cmsUInt32Number)length);
    if (source == NULL) {
        cimage_status status = fail(CIMAGE_ERROR_FORMAT, message, logged(context, "Little CMS cannot read the profile"));
        close_context(context);
        return status;
    }
    cmsGetProfileInfoASCII(source, cmsInfoDescription, "en", "US", info->description, sizeof info->description);
    cmsColorSpaceSignature space = cmsGetColorSpace(source);
    if (space == cmsSigRgbData) {
        info->color_space = CCOLOR_SPACE_RGB;
    } else if (space == cmsSigGrayData) {
        info->color_space = CCOLOR_SPACE_GREY;
    } else {
        cmsCloseProfile(source);
        close_context(context);
        return fail(CIMAGE_ERROR_UNSUPPORTED, message, "the profile's colour space is neither RGB nor grey");
    }
    return build(context, source, info->color_space, out, message);
}

cimage_status ccolor_transform_create_rgb(const ccolor_rgb_space *space, ccolor_transform **out,
                                          char message[CIMAGE_MESSAGE_CAPACITY]) {
    *out = NULL;
    message[0] = '\0';
    cmsContext context = open_context();
    if (context == NULL) return fail(CIMAGE_ERROR_MEMORY, message, "out of memory");
    cmsCIExyY white = {space->white[0], space->white[1], 1.0};
    cmsCIExyYTRIPLE primaries = {
        {space->red[0], space->red[1], 1.0}, {space->green[0], space->green[1], 1.0}, {space->blue[0], space->blue[1], 1.0}};
    cmsToneCurve *curve = cmsBuildParametricToneCurve(context, 4, space->curve);
    if (curve == NULL) {
        cimage_status status = fail(CIMAGE_ERROR_FORMAT, message, logged(context, "Little CMS cannot build the tone curve"));
        close_context(context);
        return status;
    }
    cmsToneCurve *curves[3] = {curve, curve, curve};
    cmsHPROFILE source = cmsCreateRGBProfileTHR(context, &white, &primaries, curves);
    cmsFreeToneCurve(curve);
    if (source == NULL) {
        cimage_status status = fail(CIMAGE_ERROR_FORMAT, message, logged(context, "Little CMS cannot build the profile"));
        close_context(context);
        return status;
    }
    return build(context, source, CCOLOR_SPACE_RGB, out, message);
}

cimage_status ccolor_transform_create_lab(ccolor_transform **out, char message[CIMAGE_MESSAGE_CAPACITY]) {
    *out = NULL;
    message[0] = '\0';
    cmsContext context = open_context();
    if (context == NULL) return fail(CIMAGE_ERROR_MEMORY, message, "out of memory");
    cmsHPROFILE source = cmsCreateLab4ProfileTHR(context, cmsD50_xyY());
    if (source == NULL) {
        cimage_status status = fail(CIMAGE_ERROR_MEMORY, message, logged(context, "Little CMS cannot build the Lab profile"));
        close_context(context);
        return status;
    }
    return build(context, source, CCOLOR_SPACE_LAB, out, message);
}

cimage_status ccolor_transform_apply_lab(const ccolor_transform *handle, const double *lab, uint8_t *rgb, uint32_t count) {
    if (handle->color_space != CCOLOR_SPACE_LAB) return CIMAGE_ERROR_STATE;
    cmsDoTransform(handle->transform, lab, rgb, count);
    return CIMAGE_OK;
}

cimage_status ccolor_transform_apply(const ccolor_transform *handle, uint8_t *rgba, size_t stride,
                                     uint32_t width, uint32_t rows) {
    if (handle->color_space == CCOLOR_SPACE_LAB) return CIMAGE_ERROR_STATE;
    if (handle->color_space == CCOLOR_SPACE_RGB) {
        for (uint32_t row = 0; row < rows; row++) {
            uint8_t *line = rgba + (size_t)row * stride;
            cmsDoTransform(handle->transform, line, line, width);
        }
        return CIMAGE_OK;
    }
    uint8_t *scratch = malloc((size_t)width * 4);
    if (scratch == NULL) return CIMAGE_ERROR_MEMORY;
    uint8_t *grey = scratch;
    uint8_t *rgb = scratch + width;
    for (uint32_t row = 0; row < rows; row++) {
        uint8_t *line = rgba + (size_t)row * stride;
        for (uint32_t x = 0; x < width; x++) grey[x] = line[(size_t)x * 4];
        cmsDoTransform(handle->transform, grey, rgb, width);
        for (uint32_t x = 0; x < width; x++) {
            line[(size_t)x * 4] = rgb[(size_t)x * 3];
            line[(size_t)x * 4 + 1] = rgb[(size_t)x * 3 + 1];
            line[(size_t)x * 4 + 2] = rgb[(size_t)x * 3 + 2];
        }
    }
    free(scratch);
    return CIMAGE_OK;
}

void ccolor_transform_destroy(ccolor_transform *handle) {
    if (handle == NULL) return;
    cmsDeleteTransform(handle->transform);
    close_context(handle->context);
    free(handle);
}

void ccolor_library_version(char buffer[16]) {
    int version = cmsGetEncodedCMMversion();
    snprintf(buffer, 16, "%d.%d", version / 1000, (version % 1000) / 10);
}

cimage_status ccolor_srgb_profile(uint8_t **out, size_t *length, char message[CIMAGE_MESSAGE_CAPACITY]) {
    *out = NULL;
    *length = 0;
    cmsContext context = open_context();
    if (context == NULL) return fail(CIMAGE_ERROR_MEMORY, message, "out of memory");
    cmsHPROFILE profile = cmsCreate_sRGBProfileTHR(context);
    cmsUInt32Number size = 0;
    if (profile == NULL || !cmsSaveProfileToMem(profile, NULL, &size) || size == 0) {
        cimage_status status = fail(CIMAGE_ERROR_STATE, message, logged(context, "Little CMS made no sRGB profile"));
        if (profile != NULL) cmsCloseProfile(profile);
        close_context(context);
        return status;
    }
    uint8_t *bytes = malloc(size);
    if (bytes == NULL || !cmsSaveProfileToMem(profile, bytes, &size)) {
        cimage_status status = bytes == NULL ? fail(CIMAGE_ERROR_MEMORY, message, "out of memory")
                                             : fail(CIMAGE_ERROR_STATE, message, logged(context, "Little CMS could not save the sRGB profile"));
        free(bytes);
        cmsCloseProfile(profile);
        close_context(context);
        return status;
    }
    cmsCloseProfile(profile);
    close_context(context);
    /* Little CMS stamps the header with the time it made the profile (bytes 24-35, six
     * big-endian 16-bit numbers); a fixed date keeps a sheet's bytes the same from one run
     * to the next. The profile ID (bytes 84-99) is left zero, so nothing covers the date. */
    static const uint8_t fixed_date[12] = {0x07, 0xD0, 0x00, 0x01, 0x00, 0x01, 0, 0, 0, 0, 0, 0};
    if (size >= 36) memcpy(bytes + 24, fixed_date, sizeof fixed_date);
    *out = bytes;
    *length = size;
    return CIMAGE_OK;
}

void ccolor_bytes_free(uint8_t *bytes) { free(bytes); }

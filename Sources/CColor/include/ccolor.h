#ifndef CCOLOR_H
#define CCOLOR_H

#include "cimage_status.h"

#include <stddef.h>
#include <stdint.h>

/* One Little CMS transform to sRGB, from an embedded ICC profile or an RGB space, with its own lcms
 * context, so errors reach this handle's message buffer and never print. Built once
 * per distinct profile and shared by threads: it is made with cmsFLAGS_NOCACHE, which
 * makes cmsDoTransform safe to call from several threads at once. */
typedef struct ccolor_transform ccolor_transform;

/* What the profile's header and description say. */
typedef struct {
    /* 1 for RGB profiles, 2 for grey; others (CMYK, Lab, ...) are refused. */
    int color_space;
    /* The profile's 'desc' text, in ASCII, NUL-terminated. */
    char description[CIMAGE_MESSAGE_CAPACITY];
} ccolor_profile_info;

/* CCOLOR_SPACE_LAB is never a profile's: it is the transform ccolor_transform_create_lab builds. */
enum { CCOLOR_SPACE_RGB = 1, CCOLOR_SPACE_GREY = 2, CCOLOR_SPACE_LAB = 3 };

/* Reads `length` bytes of ICC profile and builds its transform to sRGB with
 * relative colorimetric intent and black-point compensation. On failure *out is NULL
 * and `message` says why: CIMAGE_ERROR_FORMAT for a profile lcms cannot read,
 * CIMAGE_ERROR_UNSUPPORTED for a colour space other than RGB or grey. */
cimage_status ccolor_transform_create(const uint8_t *icc, size_t length, ccolor_transform **out,
                                      ccolor_profile_info *info, char message[CIMAGE_MESSAGE_CAPACITY]);

/* An RGB space given by its primaries and white point (CIE xy) and one tone curve for
 * all three channels, decoding samples to linear light: Little CMS's parametric curve
 * type 4, Y = (aX + b)^g for X >= d and Y = cX below, as {g, a, b, c, d}. What HEIF's
 * nclx code points describe. */
typedef struct {
    double white[2];
    double red[2];
    double green[2];
    double blue[2];
    double curve[5];
} ccolor_rgb_space;

/* Builds the transform from `space` to sRGB, with the same intent and flags as an ICC
 * profile's. On failure *out is NULL and `message` says why. */
cimage_status ccolor_transform_create_rgb(const ccolor_rgb_space *space, ccolor_transform **out,
                                          char message[CIMAGE_MESSAGE_CAPACITY]);

/* CIE L*a*b* with the D50 white (ICC's connection space, which TIFF's CIELab photometric
 * means) to sRGB, relative colorimetric: L* 100 is (255,255,255). A decoder whose samples
 * are Lab uses it to make RGB, as another makes RGB from YCbCr. On failure *out is NULL
 * and `message` says why. */
cimage_status ccolor_transform_create_lab(ccolor_transform **out, char message[CIMAGE_MESSAGE_CAPACITY]);

/* Converts `count` pixels of L*, a*, b* (three doubles each: 0 to 100, about -128 to 127)
 * to 8-bit R, G, B. CIMAGE_ERROR_STATE for a transform not made by ccolor_transform_create_lab. */
cimage_status ccolor_transform_apply_lab(const ccolor_transform *transform, const double *lab, uint8_t *rgb, uint32_t count);

/* Converts `rows` rows of `width` straight RGBA pixels in place, `stride` bytes apart;
 * alpha is kept. A grey profile reads the red sample of each pixel (the decoders
 * deliver grey as R = G = B). CIMAGE_ERROR_STATE for a Lab transform. Returns CIMAGE_ERROR_MEMORY if a grey row's scratch
 * buffer cannot be allocated, leaving the rows as they were. */
cimage_status ccolor_transform_apply(const ccolor_transform *transform, uint8_t *rgba, size_t stride,
                                     uint32_t width, uint32_t rows);

void ccolor_transform_destroy(ccolor_transform *transform);

/* Little CMS's own sRGB profile (cmsCreate_sRGBProfile), serialised: what pinboard's
 * sheets embed to say their samples are sRGB. On success *out holds *length bytes the
 * caller frees with ccolor_bytes_free; on failure *out is NULL and `message` says why. */
cimage_status ccolor_srgb_profile(uint8_t **out, size_t *length, char message[CIMAGE_MESSAGE_CAPACITY]);

void ccolor_bytes_free(uint8_t *bytes);

/* The Little CMS version, as "2.14". */
void ccolor_library_version(char buffer[16]);

#endif

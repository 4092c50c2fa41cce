#ifndef CCOLOR_PROFILE_H
#define CCOLOR_PROFILE_H

#include "cimage_status.h"

#include <stddef.h>
#include <stdint.h>

/* The sRGB ICC profile Little CMS builds (cmsCreate_sRGBProfile), serialised, for
 * writers that tag their output. On success *bytes is a malloc'd buffer of *count
 * bytes the caller frees with ccolor_profile_free; CIMAGE_ERROR_MEMORY otherwise. */
cimage_status ccolor_srgb_profile(uint8_t **bytes, size_t *count);

void ccolor_profile_free(uint8_t *bytes);

#endif

#include "ccolor_profile.h"

#include <lcms2.h>
#include <stdlib.h>

cimage_status ccolor_srgb_profile(uint8_t **bytes, size_t *count) {
    *bytes = NULL;
    *count = 0;
    /* A context of its own, so an error never reaches lcms's default (printing) handler state. */
    cmsContext context = cmsCreateContext(NULL, NULL);
    if (context == NULL) return CIMAGE_ERROR_MEMORY;
    cmsHPROFILE profile = cmsCreate_sRGBProfileTHR(context);
    cimage_status status = CIMAGE_ERROR_MEMORY;
    cmsUInt32Number size = 0;
    if (profile != NULL && cmsSaveProfileToMem(profile, NULL, &size) && size > 0) {
        uint8_t *buffer = malloc(size);
        if (buffer != NULL && cmsSaveProfileToMem(profile, buffer, &size)) {
            *bytes = buffer;
            *count = size;
            status = CIMAGE_OK;
        } else {
            free(buffer);
        }
    }
    if (profile != NULL) cmsCloseProfile(profile);
    cmsDeleteContext(context);
    return status;
}

void ccolor_profile_free(uint8_t *bytes) { free(bytes); }

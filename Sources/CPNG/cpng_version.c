#include "cpng_version.h"
#include <png.h>
#include <zlib.h>

const char *cpng_libpng_version(void) {
    return png_get_libpng_ver(NULL);
}

const char *cpng_zlib_version(void) {
    return zlibVersion();
}

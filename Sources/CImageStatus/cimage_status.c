#include "cimage_status.h"

const char *cimage_status_name(cimage_status status) {
    switch (status) {
    case CIMAGE_OK: return "CIMAGE_OK";
    case CIMAGE_ERROR_FORMAT: return "CIMAGE_ERROR_FORMAT";
    case CIMAGE_ERROR_IO: return "CIMAGE_ERROR_IO";
    case CIMAGE_ERROR_LIMIT: return "CIMAGE_ERROR_LIMIT";
    case CIMAGE_ERROR_MEMORY: return "CIMAGE_ERROR_MEMORY";
    case CIMAGE_ERROR_STATE: return "CIMAGE_ERROR_STATE";
    case CIMAGE_ERROR_ARGUMENT: return "CIMAGE_ERROR_ARGUMENT";
    case CIMAGE_ERROR_TRUNCATED: return "CIMAGE_ERROR_TRUNCATED";
    case CIMAGE_ERROR_UNSUPPORTED: return "CIMAGE_ERROR_UNSUPPORTED";
    case CIMAGE_ERROR_SIGNATURE: return "CIMAGE_ERROR_SIGNATURE";
    }
    return "unknown cimage_status";
}

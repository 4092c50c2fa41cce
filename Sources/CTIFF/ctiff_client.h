#ifndef CTIFF_CLIENT_H
#define CTIFF_CLIENT_H

#include <stdint.h>
#include <stdio.h>

#include <tiffio.h>

/* What the reader's and the writer's libtiff client procedures share: a position kept in
 * the handle that seeking moves, and nothing to close or map. The data is the caller's
 * (closing the TIFF leaves a descriptor open), and it is never mapped, since it may be a
 * file being rewritten, where a mapping would fault. Included by the .c files alone. */

/* Moves `*position` as lseek would; `length` gives the data's length for SEEK_END. */
static inline toff_t ctiff_client_seek(uint64_t *position, thandle_t handle, toff_t (*length)(thandle_t), toff_t offset,
                                       int whence) {
    switch (whence) {
    case SEEK_SET: *position = offset; break;
    case SEEK_CUR: *position += offset; break;
    case SEEK_END: *position = length(handle) + offset; break;
    default: return (toff_t)-1;
    }
    return *position;
}

static inline int ctiff_client_close(thandle_t handle) {
    (void)handle;
    return 0;
}

static inline int ctiff_client_map(thandle_t handle, void **base, toff_t *size) {
    (void)handle;
    (void)base;
    (void)size;
    return 0;
}

static inline void ctiff_client_unmap(thandle_t handle, void *base, toff_t size) {
    (void)handle;
    (void)base;
    (void)size;
}

#endif

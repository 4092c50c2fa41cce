#ifndef CIMAGE_SHIM_H
#define CIMAGE_SHIM_H

#include "cimage_status.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/types.h>
#include <unistd.h>

/* What the C shims share in code, not only in declarations: written once here, header
 * only, so each shim is left with what is particular to its library. Included by the
 * shims' .c files alone, so none of it reaches Swift. */

/* Writes a printf-style message into a shim's message buffer and returns `status`, so a
 * failure is one line: `return cimage_fail(reader->message, CIMAGE_ERROR_FORMAT, "...");`. */
static inline cimage_status cimage_fail(char message[CIMAGE_MESSAGE_CAPACITY], cimage_status status,
                                        const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(message, CIMAGE_MESSAGE_CAPACITY, format, arguments);
    va_end(arguments);
    return status;
}

/* The message getter of a shim handle `type`, a struct with a `message` buffer, defined
 * once for every shim: `CIMAGE_DEFINE_MESSAGE(ctiff_writer)`. */
#define CIMAGE_DEFINE_MESSAGE(type) \
    const char *type##_message(const type *handle) { return handle->message; }

/* The errno getter of a shim handle `type` that keeps the errno of its failed read or
 * write at `field`: `saved_errno`, or `input.saved_errno` through a cimage_fd_input. */
#define CIMAGE_DEFINE_ERRNO(type, field) \
    int type##_errno(const type *handle) { return handle->field; }

/* How much of a file a shim reads at once. */
enum { CIMAGE_READ_BUFFER_CAPACITY = 64 * 1024 };

/* A file descriptor read through a buffer: how the shims that read a file themselves
 * feed their library. The descriptor stays the caller's. */
typedef struct {
    int fd;
    unsigned char *buffer;
    /* The errno of the read that failed; 0 until one does. */
    int saved_errno;
} cimage_fd_input;

/* Reads `fd` through a fresh buffer of CIMAGE_READ_BUFFER_CAPACITY bytes, or reads no
 * descriptor when `fd` is -1 (a memory reader); 0 when memory runs out. */
static inline int cimage_fd_input_open(cimage_fd_input *input, int fd) {
    input->fd = fd;
    input->buffer = fd >= 0 ? malloc(CIMAGE_READ_BUFFER_CAPACITY) : NULL;
    return fd < 0 || input->buffer != NULL;
}

/* A zeroed reader struct of `size` bytes whose cimage_fd_input sits `input_offset` bytes
 * in, opened on `fd` (-1 for a memory reader): how CPNG, CJPEG and CGIF begin a reader.
 * NULL when memory runs out, with nothing left allocated. */
static inline void *cimage_reader_alloc(size_t size, size_t input_offset, int fd) {
    unsigned char *reader = calloc(1, size);
    if (reader == NULL) return NULL;
    if (!cimage_fd_input_open((cimage_fd_input *)(reader + input_offset), fd)) {
        free(reader);
        return NULL;
    }
    return reader;
}

/* A zeroed writer struct of `size` bytes whose `int fd` sits `fd_offset` bytes in, set to
 * `fd` (which stays the caller's): how CPNG, CJPEG and CTIFF begin a writer. NULL when
 * memory runs out. */
static inline void *cimage_writer_alloc(size_t size, size_t fd_offset, int fd) {
    unsigned char *writer = calloc(1, size);
    if (writer != NULL) *(int *)(writer + fd_offset) = fd;
    return writer;
}

/* Refills the buffer from the descriptor: the bytes read, 0 at its end, or -1 when the
 * read failed (errno kept in saved_errno). A read cut by a signal is retried. */
static inline ssize_t cimage_fd_input_fill(cimage_fd_input *input) {
    ssize_t got;
    do {
        got = read(input->fd, input->buffer, CIMAGE_READ_BUFFER_CAPACITY);
    } while (got < 0 && errno == EINTR);
    if (got < 0) input->saved_errno = errno;
    return got;
}

#endif

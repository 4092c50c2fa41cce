#ifndef CIMAGE_STATUS_H
#define CIMAGE_STATUS_H

#include <stddef.h>
#include <stdint.h>

/* What every C shim over an image library returns: one set of codes, so each codec's
 * Swift side maps them to ImageError the same way and a new shim adds none of its own.
 * A shim keeps the library's own words in its message buffer. */
typedef enum {
    CIMAGE_OK = 0,
    /* The library rejected the data: the message says why. */
    CIMAGE_ERROR_FORMAT = 1,
    /* The source or destination failed at the system level (errno kept). */
    CIMAGE_ERROR_IO = 2,
    /* The image is larger than the caller's pixel limit. */
    CIMAGE_ERROR_LIMIT = 3,
    /* Memory could not be allocated. */
    CIMAGE_ERROR_MEMORY = 4,
    /* The call does not fit the handle's state (a programming error), or a library
     * refused its own stream; the message says which. */
    CIMAGE_ERROR_STATE = 5,
    /* An argument breaks a rule of the format (a PNG text's keyword, a text over the
     * cap); the message says which. */
    CIMAGE_ERROR_ARGUMENT = 6,
    /* The data ends before the image does. */
    CIMAGE_ERROR_TRUNCATED = 7,
    /* Valid data the shim does not turn into RGBA (12-bit JPEG, 2 components, ...). */
    CIMAGE_ERROR_UNSUPPORTED = 8,
    /* The data does not start with the format's signature. */
    CIMAGE_ERROR_SIGNATURE = 9
} cimage_status;

/* Room for a library's message, NUL included. */
enum { CIMAGE_MESSAGE_CAPACITY = 256 };

/* How a shim whose library reads through callbacks (libtiff, libheif) reads: copies up
 * to `count` bytes from `offset` into `buffer` and returns how many, fewer only where
 * the data ends, or -1 when reading failed (the caller keeps why). */
typedef int64_t (*cimage_read_function)(void *context, uint64_t offset, void *buffer, size_t count);

/* The data's length in bytes, or -1 when it cannot be had. */
typedef int64_t (*cimage_length_function)(void *context);

/* The life and failure report of a shim's reader that reads a file descriptor or memory
 * (CPNG, CJPEG, CGIF), declared alike for each `prefix`: a reader on an already opened
 * descriptor (read from its current offset, never closed by the reader) or on `count`
 * bytes of memory (read in place by CPNG and CJPEG, so they must outlive the reader;
 * copied by CGIF); NULL when memory runs out. Then its destruction, the library's
 * message, and the errno of a read that failed. */
#define CIMAGE_DECLARE_READER(prefix)                                                  \
    typedef struct prefix##_reader prefix##_reader;                                    \
    prefix##_reader *prefix##_reader_create_fd(int fd);                                \
    prefix##_reader *prefix##_reader_create_memory(const void *bytes, size_t count);   \
    void prefix##_reader_destroy(prefix##_reader *reader);                             \
    const char *prefix##_reader_message(const prefix##_reader *reader);                \
    int prefix##_reader_errno(const prefix##_reader *reader);

/* The life and calls of a shim's encoder of a whole image held in memory (CWebP, CHEIF),
 * declared alike for each `type`: its creation (NULL when memory runs out), destruction
 * and the library's message; one encode a handle of `height` rows of `width` 8-bit RGB
 * (has_alpha 0) or straight RGBA pixels, `stride` bytes apart, lossy at `quality` 1 to
 * 100 or lossless; and the file it assembles, whose *bytes stay valid until the handle
 * is destroyed. What each format makes of quality and lossless is said where it is
 * declared. */
#define CIMAGE_DECLARE_ENCODER(type)                                                                   \
    typedef struct type type;                                                                          \
    type *type##_create(void);                                                                         \
    void type##_destroy(type *encoder);                                                                \
    const char *type##_message(const type *encoder);                                                   \
    cimage_status type##_encode(type *encoder, const uint8_t *pixels, uint32_t width, uint32_t height, \
                                size_t stride, int has_alpha, int quality, int lossless);              \
    cimage_status type##_assemble(type *encoder, const uint8_t **bytes, size_t *count);

#endif

#ifndef CPNG_TEXT_H
#define CPNG_TEXT_H

/* Internal to CPNG: one text as the writer will write it, a whole iTXt chunk. */

#include "cpng.h"

typedef struct {
    /* Length, type, data and CRC, ready for the descriptor. */
    uint8_t *bytes;
    size_t length;
} cpng_text_chunk;

/* Checks the keyword and builds the iTXt chunk for `text` (UTF-8, `length`
 * bytes), compressed at zlib level 9. Returns CIMAGE_ERROR_ARGUMENT for a bad
 * keyword or a text over CPNG_TEXT_LIMIT, CIMAGE_ERROR_MEMORY or CIMAGE_ERROR_STATE
 * (zlib refused) otherwise, each with the reason in `message`. */
cimage_status cpng_text_chunk_build(cpng_text_chunk *chunk, const char *keyword, const uint8_t *text, size_t length,
                                  char message[CIMAGE_MESSAGE_CAPACITY]);

void cpng_text_chunk_release(cpng_text_chunk *chunk);

#endif

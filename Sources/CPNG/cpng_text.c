#include "cpng_text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

enum {
    /* PNG's limit on a keyword, in bytes. */
    KEYWORD_MAX = 79,
    /* NUL after the keyword, compression flag and method, and the NULs ending
     * the (empty) language tag and translated keyword. */
    FIELDS_AFTER_KEYWORD = 5
};

static void put32(uint8_t *bytes, uint32_t value) {
    bytes[0] = (uint8_t)(value >> 24);
    bytes[1] = (uint8_t)(value >> 16);
    bytes[2] = (uint8_t)(value >> 8);
    bytes[3] = (uint8_t)value;
}

/* PNG's keyword rules (section 11.3.4.2): readers match keywords byte for byte,
 * so one spelling per keyword is what lets them find it. Returns the length, or
 * 0 with the broken rule in `message`. */
static size_t check_keyword(const char *keyword, char message[CIMAGE_MESSAGE_CAPACITY]) {
    size_t length = strlen(keyword);
    if (length == 0) {
        snprintf(message, CIMAGE_MESSAGE_CAPACITY, "keyword is empty (it must be 1 to 79 Latin-1 characters)");
        return 0;
    }
    if (length > KEYWORD_MAX) {
        snprintf(message, CIMAGE_MESSAGE_CAPACITY, "keyword is %zu bytes long, over the limit of 79", length);
        return 0;
    }
    const uint8_t *bytes = (const uint8_t *)keyword;
    for (size_t i = 0; i < length; i++) {
        uint8_t byte = bytes[i];
        if (byte < 32 || (byte > 126 && byte < 161)) {
            snprintf(message, CIMAGE_MESSAGE_CAPACITY,
                     "keyword byte %zu is 0x%02X, not a printable Latin-1 character", i, (unsigned)byte);
            return 0;
        }
        if (byte == ' ' && (i == 0 || i == length - 1 || bytes[i - 1] == ' ')) {
            snprintf(message, CIMAGE_MESSAGE_CAPACITY, "keyword has a leading, trailing or doubled space at byte %zu", i);
            return 0;
        }
    }
    return length;
}

cimage_status cpng_text_chunk_build(cpng_text_chunk *chunk, const char *keyword, const uint8_t *text, size_t length,
                                  char message[CIMAGE_MESSAGE_CAPACITY]) {
    chunk->bytes = NULL;
    chunk->length = 0;
    size_t keyword_length = check_keyword(keyword, message);
    if (keyword_length == 0) return CIMAGE_ERROR_ARGUMENT;
    if (length > CPNG_TEXT_LIMIT) {
        snprintf(message, CIMAGE_MESSAGE_CAPACITY, "text is %zu bytes long, over the limit of %d", length, CPNG_TEXT_LIMIT);
        return CIMAGE_ERROR_ARGUMENT;
    }
    /* With the text capped at 1 GiB, the bound keeps the data far below PNG's
     * 2^31-1 bytes per chunk. */
    size_t fields = keyword_length + FIELDS_AFTER_KEYWORD;
    uLong bound = compressBound((uLong)length);
    uint8_t *bytes = malloc(8 + fields + (size_t)bound + 4);
    if (bytes == NULL) {
        snprintf(message, CIMAGE_MESSAGE_CAPACITY, "out of memory");
        return CIMAGE_ERROR_MEMORY;
    }
    uint8_t *data = bytes + 8;
    memcpy(data, keyword, keyword_length);
    /* Keyword's NUL, compressed, method 0 (zlib), empty language, empty translation. */
    const uint8_t after_keyword[FIELDS_AFTER_KEYWORD] = {0, 1, 0, 0, 0};
    memcpy(data + keyword_length, after_keyword, FIELDS_AFTER_KEYWORD);
    /* compress2 writes the zlib format with zlib's defaults, so the bytes
     * depend only on the text; it feeds zlib in pieces, so any size works. */
    uLong compressed = bound;
    int code = compress2(data + fields, &compressed, text, (uLong)length, 9);
    if (code != Z_OK) {
        free(bytes);
        snprintf(message, CIMAGE_MESSAGE_CAPACITY, code == Z_MEM_ERROR ? "out of memory" : "zlib refused to compress the text");
        return code == Z_MEM_ERROR ? CIMAGE_ERROR_MEMORY : CIMAGE_ERROR_STATE;
    }
    size_t data_length = fields + (size_t)compressed;
    put32(bytes, (uint32_t)data_length);
    memcpy(bytes + 4, "iTXt", 4);
    put32(data + data_length, cpng_crc32(bytes + 4, 4 + data_length));
    chunk->length = 8 + data_length + 4;
    /* Keep only what the compressed text needs: the bound is about the size of
     * the text itself, several times the compressed size of a manifest. */
    uint8_t *fitted = realloc(bytes, chunk->length);
    chunk->bytes = fitted != NULL ? fitted : bytes;
    return CIMAGE_OK;
}

void cpng_text_chunk_release(cpng_text_chunk *chunk) {
    free(chunk->bytes);
    chunk->bytes = NULL;
    chunk->length = 0;
}

#ifndef CGIF_LZW_H
#define CGIF_LZW_H

#include <stdint.h>

/* A GIF LZW decoder for the minimum code sizes giflib refuses (9 to 11; giflib stops
 * at 8, browsers read up to 11). The codes are still at most 12 bits, so the tables
 * are giflib's size; what grows is the roots, which a palette of 256 cannot all name. */

/* Reads up to `count` bytes into `bytes`; returns how many, fewer only at the end. */
typedef int (*cgif_lzw_read)(void *context, uint8_t *bytes, int count);

typedef struct {
    cgif_lzw_read read;
    void *context;
    int minimum_size;
    int code_size;
    int clear;
    int next_code;
    int previous;
    int first;
    uint32_t bits;
    int bit_count;
    /* Bytes left in the current data sub-block; `ended` once the empty sub-block is read. */
    int block_left;
    int ended;
    int stack_top;
    uint16_t prefix[4096];
    uint16_t suffix[4096];
    uint16_t stack[4097];
} cgif_lzw;

/* Why a row could not be had. */
typedef enum {
    CGIF_LZW_OK = 0,
    /* The read function gave fewer bytes than a sub-block said. */
    CGIF_LZW_END_OF_DATA,
    /* The LZW data ended (end code or empty sub-block) before the frame's last pixel. */
    CGIF_LZW_SHORT,
    /* A code not yet in the table, or a first code that is not a root. */
    CGIF_LZW_BAD_CODE,
    /* A root past 255, which no palette entry can be: *bad_index says which. */
    CGIF_LZW_INDEX_PAST_PALETTE,
} cgif_lzw_status;

void cgif_lzw_start(cgif_lzw *lzw, int minimum_size, cgif_lzw_read read, void *context);

/* Decodes the next `count` pixels into `indices`. */
cgif_lzw_status cgif_lzw_read_pixels(cgif_lzw *lzw, uint8_t *indices, uint32_t count, int *bad_index);

/* Skips what is left of the frame's data, up to and including its empty sub-block. */
cgif_lzw_status cgif_lzw_skip_rest(cgif_lzw *lzw);

#endif

#include "cgif_lzw.h"

enum { LARGEST_CODE = 4095, CODE_BITS = 12 };

void cgif_lzw_start(cgif_lzw *lzw, int minimum_size, cgif_lzw_read read, void *context) {
    *lzw = (cgif_lzw){.read = read, .context = context, .minimum_size = minimum_size};
    lzw->clear = 1 << minimum_size;
    lzw->code_size = minimum_size + 1;
    lzw->next_code = lzw->clear + 2;
    lzw->previous = -1;
}

/* The next byte of the data sub-blocks; 0 when they ended, -1 when the data did. */
static int next_byte(cgif_lzw *lzw, uint8_t *byte) {
    if (lzw->ended) return 0;
    if (lzw->block_left == 0) {
        uint8_t length;
        if (lzw->read(lzw->context, &length, 1) < 1) return -1;
        if (length == 0) {
            lzw->ended = 1;
            return 0;
        }
        lzw->block_left = length;
    }
    if (lzw->read(lzw->context, byte, 1) < 1) return -1;
    lzw->block_left--;
    return 1;
}

/* The next code, least significant bit first; -1 at the end of the data, -2 at the end of the sub-blocks. */
static int next_code(cgif_lzw *lzw) {
    while (lzw->bit_count < lzw->code_size) {
        uint8_t byte;
        int got = next_byte(lzw, &byte);
        if (got <= 0) return got < 0 ? -1 : -2;
        lzw->bits |= (uint32_t)byte << lzw->bit_count;
        lzw->bit_count += 8;
    }
    int code = (int)(lzw->bits & ((1u << lzw->code_size) - 1));
    lzw->bits >>= lzw->code_size;
    lzw->bit_count -= lzw->code_size;
    return code;
}

/* Pushes the string of `code` onto the stack, from its last pixel back; -1 when the
 * code's chain is longer than the table (a loop no valid table has). */
static int push_string(cgif_lzw *lzw, int code) {
    while (code >= lzw->clear) {
        if (lzw->stack_top >= LARGEST_CODE) return -1;
        lzw->stack[lzw->stack_top++] = lzw->suffix[code];
        code = lzw->prefix[code];
    }
    lzw->stack[lzw->stack_top++] = (uint16_t)code;
    return code;
}

/* Decodes one code's string onto the stack. */
static cgif_lzw_status decode_code(cgif_lzw *lzw) {
    for (;;) {
        int code = next_code(lzw);
        if (code == -1) return CGIF_LZW_END_OF_DATA;
        if (code == -2 || code == lzw->clear + 1) return CGIF_LZW_SHORT;
        if (code == lzw->clear) {
            lzw->code_size = lzw->minimum_size + 1;
            lzw->next_code = lzw->clear + 2;
            lzw->previous = -1;
            continue;
        }
        if (lzw->previous < 0) {
            if (code > lzw->clear) return CGIF_LZW_BAD_CODE;
            lzw->stack[lzw->stack_top++] = (uint16_t)code;
            lzw->previous = lzw->first = code;
            return CGIF_LZW_OK;
        }
        if (code > lzw->next_code || (code == lzw->next_code && lzw->next_code > LARGEST_CODE)) return CGIF_LZW_BAD_CODE;
        int incoming = code;
        if (code == lzw->next_code) {
            /* The code being defined: the previous string and its own first pixel. */
            lzw->stack[lzw->stack_top++] = (uint16_t)lzw->first;
            code = lzw->previous;
        }
        int root = push_string(lzw, code);
        if (root < 0) return CGIF_LZW_BAD_CODE;
        lzw->first = root;
        if (lzw->next_code <= LARGEST_CODE) {
            lzw->prefix[lzw->next_code] = (uint16_t)lzw->previous;
            lzw->suffix[lzw->next_code] = (uint16_t)root;
            lzw->next_code++;
            if (lzw->next_code == 1 << lzw->code_size && lzw->code_size < CODE_BITS) lzw->code_size++;
        }
        lzw->previous = incoming;
        return CGIF_LZW_OK;
    }
}

cgif_lzw_status cgif_lzw_read_pixels(cgif_lzw *lzw, uint8_t *indices, uint32_t count, int *bad_index) {
    for (uint32_t i = 0; i < count; i++) {
        if (lzw->stack_top == 0) {
            cgif_lzw_status status = decode_code(lzw);
            if (status != CGIF_LZW_OK) return status;
        }
        uint16_t index = lzw->stack[--lzw->stack_top];
        if (index > 255) {
            *bad_index = index;
            return CGIF_LZW_INDEX_PAST_PALETTE;
        }
        indices[i] = (uint8_t)index;
    }
    return CGIF_LZW_OK;
}

cgif_lzw_status cgif_lzw_skip_rest(cgif_lzw *lzw) {
    uint8_t byte;
    while (!lzw->ended) {
        if (next_byte(lzw, &byte) < 0) return CGIF_LZW_END_OF_DATA;
    }
    return CGIF_LZW_OK;
}

#ifndef CGIF_H
#define CGIF_H

#include "cimage_status.h"

#include <stddef.h>
#include <stdint.h>

/* giflib returns status codes and never jumps, so no entry point needs setjmp.
 * One handle owns giflib's state, the source it reads from and the first
 * frame's palette; failures come back as a status code and a message kept in
 * the handle. Nothing is printed. Only the first frame is decoded: the reader
 * never reads further than the record after it. A frame whose LZW minimum code
 * size giflib refuses (9 to 11, which browsers read) is decoded by the shim's own
 * LZW decoder (cgif_lzw.h). */


/* The canvas delivered and the first frame's place in it. */
typedef struct {
    /* The canvas: the logical screen grown to hold the first frame, as browsers
     * and Pillow show a frame that overhangs its screen. */
    uint32_t width;
    uint32_t height;
    uint32_t frame_left;
    uint32_t frame_top;
    uint32_t frame_width;
    uint32_t frame_height;
    int interlaced;
    /* The graphic control extension's transparent index, or -1. */
    int transparent_index;
    /* Whether the frame has its own palette; without one the global palette is
     * used, and without either the indices are shown as greys, as Pillow does. */
    int local_palette;
} cgif_info;

/* The reader's life and failure report (a memory reader keeps a copy of the bytes). */
CIMAGE_DECLARE_READER(cgif)

/* Reads the header, the logical screen, and the records up to the first image
 * descriptor (keeping the last graphic control extension's transparency), and
 * refuses a canvas over max_pixels before any pixel memory exists. */
cimage_status cgif_reader_start(cgif_reader *reader, uint64_t max_pixels, cgif_info *info);

/* Delivers the next `count` canvas rows as straight RGBA, each 4*width bytes,
 * `stride` bytes apart: transparent around the frame and at its transparent
 * index. Rows of a plain frame are decoded as asked for; an interlaced frame is
 * decoded whole into palette indices at its first row, since its rows arrive in
 * four passes. */
cimage_status cgif_reader_read_rows(cgif_reader *reader, uint8_t *pixels, size_t stride, uint32_t count);

/* After the last row: reads the first frame's remaining data and the type of
 * the record after it, so a file cut right after the frame is reported. */
cimage_status cgif_reader_finish(cgif_reader *reader);

#endif

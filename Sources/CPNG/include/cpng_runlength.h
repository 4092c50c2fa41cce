#ifndef CPNG_RUNLENGTH_H
#define CPNG_RUNLENGTH_H

/* Level 1's deflate, the way fpnge and fpng write PNGs fast. Filtered
 * photograph rows have almost nothing for LZ77 to find: on W2's 420 MB of filtered sheet
 * rows, zlib's Huffman-only strategy makes a smaller stream than igzip's level 1 (51.7 %
 * against 51.9 %) and runs of one byte (zlib's Z_RLE) a smaller one still (49.0 %). So a
 * segment is one dynamic-Huffman block of literals and runs at distance 1, its codes built
 * from the segment's own counts; finding the runs is the only search. On those rows it
 * deflates 2.4 times as fast as igzip's level 1 and 6 % smaller; on screenshots, which
 * LZ77 suits, it is 8 % larger than igzip. */

#include <stddef.h>
#include <stdint.h>

/* Where a segment's runs are kept between the two passes; one per deflating thread. */
typedef struct {
    uint32_t *starts;
    uint16_t *lengths;
    size_t capacity;
} cpng_runlength_runs;

/* The most bytes cpng_runlength_deflate writes for `length` bytes of input, slack included. */
size_t cpng_runlength_bound(size_t length);

/* Deflates `length` bytes as raw deflate into `out` (cpng_runlength_bound(length) bytes of
 * room), ended by a sync flush or, with `final`, as the stream's last block; `previous` is
 * the byte just before the input in the stream, or -1 at its start, so a run may continue
 * across the cut. Incompressible input is stored. Returns the bytes written, or 0 when
 * memory for the runs ran out. The bytes depend only on the arguments. */
size_t cpng_runlength_deflate(const uint8_t *input, size_t length, int previous, int final, uint8_t *out,
                              cpng_runlength_runs *runs);

void cpng_runlength_release(cpng_runlength_runs *runs);

#endif

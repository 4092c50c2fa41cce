#ifndef CPNG_DEFLATER_H
#define CPNG_DEFLATER_H

/* Internal to CPNG: one thread's deflate engine for segments. Level 1 is CPNG's
 * own literals-and-runs coder (cpng_runlength.h); levels 2 and 3 use Intel ISA-L's
 * igzip, which on filtered sheet rows is both smaller and several times faster than
 * zlib at the same levels; level 0 (stored) and levels 4-9 use zlib with Z_FILTERED,
 * which ISA-L cannot match in size. */

#include "cpng_runlength.h"
#include "cpng_segment.h"

#include <isa-l/igzip_lib.h>
#include <zlib.h>

/* The levels ISA-L deflates; they map one to one onto igzip's levels 2 and 3. */
enum { CPNG_DEFLATER_ISAL_BOTTOM = 2, CPNG_DEFLATER_ISAL_TOP = 3 };

typedef struct {
    int level;
    int uses_runlength;
    int uses_isal;
    int open;
    z_stream zlib;
    struct isal_zstream isal;
    /* igzip's hash tables and token buffer for levels above its 0. */
    uint8_t *level_buffer;
    cpng_runlength_runs runs;
} cpng_deflater;

/* Prepares `deflater` for `level`; returns 0 when memory runs out or the
 * library refuses (cpng_deflater_close is safe either way). */
int cpng_deflater_open(cpng_deflater *deflater, int level);
void cpng_deflater_close(cpng_deflater *deflater);

/* Deflates the segment's input as raw deflate (the engine reset first, so one
 * engine serves one thread's segments in turn). Sets output_length, adler and
 * status. The bytes depend only on the input, dictionary, final flag and level. */
void cpng_deflater_run(cpng_deflater *deflater, cpng_segment *segment);

#endif

#ifndef CPNG_H
#define CPNG_H

#include "cimage_status.h"

#include <stddef.h>
#include <stdint.h>

/* Every entry point that can reach libpng sets its own setjmp, so a libpng
 * error unwinds only C frames and comes back to Swift as a status code and a
 * message kept in the handle. */


/* IHDR facts as libpng read them, before any transform. */
typedef struct {
    uint32_t width;
    uint32_t height;
    int bit_depth;
    int color_type;
    int interlaced;
} cpng_header;

/* The CRC-32 of PNG chunks (zlib's), so the header probe checks IHDR with the same
 * code the writer uses. */
uint32_t cpng_crc32(const uint8_t *bytes, size_t count);

/* The reader's life and failure report (a memory buffer must outlive its reader). */
CIMAGE_DECLARE_READER(cpng)

/* Reads the chunks up to the first IDAT and sets the transforms that turn any
 * PNG into 8-bit RGBA, straight alpha, sRGB (gAMA applied, 16-bit rounded).
 * Refuses images over max_pixels before libpng allocates anything for rows. */
cimage_status cpng_reader_start(cpng_reader *reader, uint64_t max_pixels, cpng_header *header);

/* Delivers the next `count` rows of a non-interlaced image, each 4*width bytes,
 * `stride` bytes apart. */
cimage_status cpng_reader_read_rows(cpng_reader *reader, uint8_t *pixels, size_t stride, uint32_t count);

/* Decodes the whole image (any interlace) into `pixels`, rows `stride` apart. */
cimage_status cpng_reader_read_image(cpng_reader *reader, uint8_t *pixels, size_t stride);

/* Reads the chunks after the image data, so a damaged tail is reported too. A file
 * that ends after a whole chunk without IEND succeeds (see cpng_reader_missing_end). */
cimage_status cpng_reader_finish(cpng_reader *reader);
/* Whether finish found the file ending without its IEND chunk after complete image data. */
int cpng_reader_missing_end(const cpng_reader *reader);
/* Whether the started reader reads the image data itself (ISA-L inflate, its own
 * unfiltering) rather than through libpng: 8-bit RGB or RGBA, not interlaced, nothing
 * for libpng to convert. */
int cpng_reader_reads_image_data_itself(const cpng_reader *reader);

/* The PNG row filters (the byte that starts each filtered row). */
enum {
    CPNG_FILTER_NONE = 0,
    CPNG_FILTER_SUB = 1,
    CPNG_FILTER_UP = 2,
    CPNG_FILTER_AVERAGE = 3,
    CPNG_FILTER_PAETH = 4
};

/* Filters one row of `length` bytes, `bpp` bytes per pixel, into `out`
 * (length + 1 bytes: the filter type, then the filtered bytes). `prior` is the
 * row above, all zeros for the first row. With `adaptive` set it picks the
 * filter whose output has the least sum of absolute (signed) values, ties
 * going to the lower type, as libpng does for PNG_ALL_FILTERS; otherwise None.
 * Returns the filter type written. */
int cpng_filter_row(const uint8_t *row, const uint8_t *prior, size_t length, int bpp, int adaptive, uint8_t *out);

/* Whether rows are scored, and Paeth written, by the hand-written AVX2 loops (`use`
 * nonzero, where the CPU has AVX2) or by the compiler's builds of the plain loops; returns
 * which is now in use. The fastest is chosen without a call; this is for tests that
 * compare the two. */
int cpng_filter_use_avx2(int use);

/* Reverses PNG filter `type` on one row of `length` bytes in place, `prior` being the
 * unfiltered row above (zeros for the first); 0 for an unknown filter type. 3- and 4-byte
 * pixels are undone a pixel a step in SSE2 where the CPU is x86-64. */
int cpng_unfilter_row(int type, uint8_t *row, const uint8_t *prior, size_t length, size_t bpp);

/* The streaming PNG writer: rows are filtered as they come, cut into segments
 * at fixed row boundaries, and each segment is deflated on its own (on worker
 * threads when asked) and written in order, so the bytes never depend on the
 * number of threads. No libpng and no setjmp on this path: zlib and ISA-L
 * report failures as return values. */
typedef struct cpng_writer cpng_writer;

/* Writes to a file descriptor the caller owns. */
cpng_writer *cpng_writer_create(int fd);
/* Stops and joins any worker threads, then frees; safe in every state. */
void cpng_writer_destroy(cpng_writer *writer);

const char *cpng_writer_message(const cpng_writer *writer);
int cpng_writer_errno(const cpng_writer *writer);

/* channels is 3 (RGB) or 4 (RGBA); level a deflate level 0-9 (1 with CPNG's own
 * run-length coder, 2-3 with ISA-L, the others with zlib); threads the number
 * of deflate threads: 1 deflates on the calling thread, more start that many
 * workers (capped at CPNG_WRITER_MAX_THREADS and at the number of segments;
 * fewer if the system refuses threads, which changes no byte). Nothing is
 * written yet: the PNG header goes out with the first image data, so every I/O
 * error surfaces from write_rows or finish. */
cimage_status cpng_writer_start(cpng_writer *writer, uint32_t width, uint32_t height, int channels, int level, int threads);

enum { CPNG_WRITER_MAX_THREADS = 64 };

/* Appends rows; blocks while every segment buffer is in use. After a failure
 * every later call returns the same status. */
cimage_status cpng_writer_write_rows(cpng_writer *writer, const uint8_t *pixels, size_t stride, uint32_t count);
/* Adds a text to be written as a compressed iTXt chunk (empty language tag and
 * translated keyword, zlib level 9) between the last IDAT and IEND. Allowed any
 * time between start and finish, because a sheet's manifest is complete only
 * after its last row. The keyword is 1-79 printable Latin-1 bytes (32-126,
 * 161-255) without leading, trailing or consecutive spaces, NUL-terminated;
 * `text` is `length` bytes of UTF-8, at most CPNG_TEXT_LIMIT. The text is
 * compressed now, so a bad keyword fails here and only the compressed copy is
 * kept; the caller's buffer may go at once. Returns CIMAGE_ERROR_ARGUMENT for a
 * bad keyword or an oversized text, which leaves the writer usable. */
cimage_status cpng_writer_add_text(cpng_writer *writer, const char *keyword, const uint8_t *text, size_t length);

/* Waits for the last segments, writes them, the added texts and IEND; the
 * descriptor stays open. */
cimage_status cpng_writer_finish(cpng_writer *writer);

/* The longest text, in bytes, the writer embeds and cpng_inflate is asked to
 * produce for a text chunk: a manifest of 100k tiles is tens of MB, so the cap
 * only stops runaway or hostile data (a zlib bomb) from taking the memory. */
enum { CPNG_TEXT_LIMIT = 1 << 30 };

/* The result of cpng_inflate; `bytes` is owned by it until cpng_inflated_release. */
typedef struct {
    uint8_t *bytes;
    size_t length;
    char message[CIMAGE_MESSAGE_CAPACITY];
} cpng_inflated;

/* Inflates one whole zlib stream (a zTXt or compressed iTXt text, an iCCP profile) into memory
 * it allocates, because the inflated size is written nowhere in the PNG.
 * Returns CIMAGE_ERROR_LIMIT when the output would pass `limit` bytes,
 * CIMAGE_ERROR_FORMAT when the stream is damaged, ends early or has bytes after
 * its end, CIMAGE_ERROR_MEMORY when memory runs out; the message says which.
 * Call cpng_inflated_release afterwards whatever the status. */
cimage_status cpng_inflate(const uint8_t *input, size_t length, size_t limit, cpng_inflated *result);
void cpng_inflated_release(cpng_inflated *result);

#endif

#include "cpng.h"
#include "cpng_crc.h"
#include "cpng_deflater.h"
#include "cpng_segment.h"
#include "cpng_text.h"
#include "cimage_shim.h"

#include <errno.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>
#include <zlib.h>

/* The PNG is written without libpng: the chunks around the image data are a few
 * fixed bytes, and owning the zlib stream is what lets it be cut into segments
 * that deflate in parallel (the technique of pigz and mtpng).
 *
 * Segment boundaries depend only on the width and channels, never on the
 * number of threads, and each segment is primed with the 32 KiB before it, so
 * the file is byte-identical for any thread count and nearly as small as one
 * unbroken stream. The calling thread filters rows and does all the I/O; the
 * workers only deflate memory to memory, so an I/O error is seen on the
 * calling thread and no worker can block on a dead descriptor. */

enum {
    /* About 1 MiB of filtered data per segment: large enough that the sync
     * flush and restart at each cut cost a negligible fraction of the size,
     * small enough to spread a sheet a few thousand pixels wide over many cores
     * and keep (threads + 2) segments in memory. */
    SEGMENT_TARGET = 1 << 20,
    /* Longest IDAT payload: one chunk per segment at every level (even stored,
     * which adds 5 bytes per 64 KiB), split only for rows over a megabyte. */
    IDAT_LIMIT = 1 << 21,
    /* Signature (8), IHDR (12 + 13), sRGB (12 + 1). */
    HEAD_CAPACITY = 46
};

static const uint8_t iend_chunk[12] = {0, 0, 0, 0, 'I', 'E', 'N', 'D', 0xAE, 0x42, 0x60, 0x82};

typedef struct {
    cpng_writer *writer;
    cpng_deflater deflater;
    pthread_t thread;
    int running;
} worker;

struct cpng_writer {
    int fd;
    /* Sticky: once set, every later call returns it. */
    cimage_status failure;
    int saved_errno;
    char message[CIMAGE_MESSAGE_CAPACITY];
    int started;
    int finished;

    uint32_t width;
    uint32_t height;
    int channels;
    int level;
    size_t row_bytes;
    size_t segment_rows;
    uint64_t segment_count;
    uint32_t rows_written;

    /* The last row received, unfiltered: the row above the next one. */
    uint8_t *prior;
    /* The last filtered bytes handed to deflate: the next segment's dictionary. */
    uint8_t carry[CPNG_SEGMENT_WINDOW];
    size_t carry_length;
    /* Signature, IHDR and sRGB, written with the first image data. */
    uint8_t head[HEAD_CAPACITY];
    size_t head_length;
    uint8_t zlib_header[2];
    /* Adler-32 of the segments written so far. */
    uint32_t adler;

    /* Segment i lives in slots[i % slot_count] until it has been written. */
    cpng_segment *slots;
    int *ready;
    size_t slot_count;
    cpng_segment *current;
    size_t current_rows;
    /* Segments handed to deflate; changed under `lock` when workers run. */
    uint64_t filled;
    /* Segments written to the descriptor; only the calling thread touches it. */
    uint64_t emitted;

    /* Deflates on the calling thread when there are no workers. */
    cpng_deflater inline_deflater;
    worker *workers;
    size_t worker_count;
    pthread_mutex_t lock;
    pthread_cond_t work_available;
    pthread_cond_t work_done;
    int sync_ready;
    uint64_t taken;
    int stopping;

    /* Texts added so far, as whole iTXt chunks, written by finish before IEND. */
    cpng_text_chunk *texts;
    size_t text_count;
    size_t text_capacity;
};

static void put32(uint8_t *bytes, uint32_t value) {
    bytes[0] = (uint8_t)(value >> 24);
    bytes[1] = (uint8_t)(value >> 16);
    bytes[2] = (uint8_t)(value >> 8);
    bytes[3] = (uint8_t)value;
}

uint32_t cpng_crc32(const uint8_t *bytes, size_t count) {
    return cpng_crc_update(0, bytes, count);
}

static uint32_t chunk_crc(const char type[4], const uint8_t *data, size_t length) {
    return cpng_crc_update(cpng_crc_update(0, (const uint8_t *)type, 4), data, length);
}

/* Appends a whole small chunk to `out`; returns the bytes used. */
static size_t put_chunk(uint8_t *out, const char type[4], const uint8_t *data, uint32_t length) {
    put32(out, length);
    memcpy(out + 4, type, 4);
    memcpy(out + 8, data, length);
    put32(out + 8 + length, chunk_crc(type, data, length));
    return 12 + (size_t)length;
}

static cimage_status set_failure(cpng_writer *writer, cimage_status status, const char *message) {
    writer->failure = status;
    snprintf(writer->message, sizeof writer->message, "%s", message);
    return status;
}

static cimage_status misuse(cpng_writer *writer, const char *message) {
    snprintf(writer->message, sizeof writer->message, "%s", message);
    return CIMAGE_ERROR_STATE;
}

static cimage_status fail_io(cpng_writer *writer, int code) {
    writer->saved_errno = code;
    return set_failure(writer, CIMAGE_ERROR_IO, strerror(code));
}

/* Returns 0 or an errno; resumes after short writes and interrupts. */
static int write_all(int fd, struct iovec *parts, int count) {
    while (count > 0) {
        ssize_t put = writev(fd, parts, count);
        if (put < 0) {
            if (errno == EINTR) continue;
            return errno;
        }
        size_t left = (size_t)put;
        while (count > 0 && left >= parts->iov_len) {
            left -= parts->iov_len;
            parts++;
            count--;
        }
        if (count > 0) {
            parts->iov_base = (uint8_t *)parts->iov_base + left;
            parts->iov_len -= left;
        }
    }
    return 0;
}

static void *work(void *argument) {
    worker *self = argument;
    cpng_writer *writer = self->writer;
    pthread_mutex_lock(&writer->lock);
    for (;;) {
        while (!writer->stopping && writer->taken == writer->filled) {
            pthread_cond_wait(&writer->work_available, &writer->lock);
        }
        if (writer->stopping) break;
        uint64_t index = writer->taken++;
        pthread_mutex_unlock(&writer->lock);
        cpng_deflater_run(&self->deflater, &writer->slots[index % writer->slot_count]);
        pthread_mutex_lock(&writer->lock);
        writer->ready[index % writer->slot_count] = 1;
        pthread_cond_signal(&writer->work_done);
    }
    pthread_mutex_unlock(&writer->lock);
    return NULL;
}

/* Workers finish the segment in hand and exit; queued segments are dropped,
 * which is what a failed or abandoned writer wants. */
static void stop_workers(cpng_writer *writer) {
    if (writer->workers == NULL) return;
    pthread_mutex_lock(&writer->lock);
    writer->stopping = 1;
    pthread_cond_broadcast(&writer->work_available);
    pthread_mutex_unlock(&writer->lock);
    for (size_t i = 0; i < writer->worker_count; i++) {
        if (writer->workers[i].running) pthread_join(writer->workers[i].thread, NULL);
        writer->workers[i].running = 0;
    }
    for (size_t i = 0; i < writer->worker_count; i++) {
        cpng_deflater_close(&writer->workers[i].deflater);
    }
    free(writer->workers);
    writer->workers = NULL;
    writer->worker_count = 0;
}

cpng_writer *cpng_writer_create(int fd) {
    return cimage_writer_alloc(sizeof(cpng_writer), offsetof(cpng_writer, fd), fd);
}

void cpng_writer_destroy(cpng_writer *writer) {
    if (writer == NULL) return;
    stop_workers(writer);
    cpng_deflater_close(&writer->inline_deflater);
    if (writer->sync_ready) {
        pthread_cond_destroy(&writer->work_done);
        pthread_cond_destroy(&writer->work_available);
        pthread_mutex_destroy(&writer->lock);
    }
    if (writer->slots != NULL) {
        for (size_t i = 0; i < writer->slot_count; i++) cpng_segment_release(&writer->slots[i]);
    }
    free(writer->slots);
    free(writer->ready);
    free(writer->prior);
    for (size_t i = 0; i < writer->text_count; i++) cpng_text_chunk_release(&writer->texts[i]);
    free(writer->texts);
    free(writer);
}

const char *cpng_writer_message(const cpng_writer *writer) { return writer->message; }

int cpng_writer_errno(const cpng_writer *writer) { return writer->saved_errno; }

static void prepare_head(cpng_writer *writer) {
    static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    uint8_t header[13];
    put32(header, writer->width);
    put32(header + 4, writer->height);
    header[8] = 8;
    header[9] = writer->channels == 4 ? 6 : 2;
    header[10] = 0;
    header[11] = 0;
    header[12] = 0;
    /* Samples are sRGB; saying so keeps colour-managed viewers from guessing. */
    const uint8_t intent_perceptual = 0;
    memcpy(writer->head, signature, 8);
    size_t used = 8;
    used += put_chunk(writer->head + used, "IHDR", header, 13);
    used += put_chunk(writer->head + used, "sRGB", &intent_perceptual, 1);
    writer->head_length = used;
}

/* Starts up to `wanted` workers; fewer when the system refuses threads, which
 * changes the speed but never the bytes. */
static cimage_status start_workers(cpng_writer *writer, size_t wanted) {
    if (pthread_mutex_init(&writer->lock, NULL) != 0) return set_failure(writer, CIMAGE_ERROR_MEMORY, "cannot create a lock");
    if (pthread_cond_init(&writer->work_available, NULL) != 0) {
        pthread_mutex_destroy(&writer->lock);
        return set_failure(writer, CIMAGE_ERROR_MEMORY, "cannot create a condition variable");
    }
    if (pthread_cond_init(&writer->work_done, NULL) != 0) {
        pthread_cond_destroy(&writer->work_available);
        pthread_mutex_destroy(&writer->lock);
        return set_failure(writer, CIMAGE_ERROR_MEMORY, "cannot create a condition variable");
    }
    writer->sync_ready = 1;
    writer->workers = calloc(wanted, sizeof *writer->workers);
    if (writer->workers == NULL) return set_failure(writer, CIMAGE_ERROR_MEMORY, "out of memory");
    writer->worker_count = wanted;
    for (size_t i = 0; i < wanted; i++) {
        worker *next = &writer->workers[i];
        next->writer = writer;
        if (!cpng_deflater_open(&next->deflater, writer->level)) {
            return set_failure(writer, CIMAGE_ERROR_MEMORY, "cannot open a deflate stream");
        }
    }
    size_t running = 0;
    for (size_t i = 0; i < wanted; i++) {
        if (pthread_create(&writer->workers[i].thread, NULL, work, &writer->workers[i]) != 0) break;
        writer->workers[i].running = 1;
        running++;
    }
    if (running == 0) {
        stop_workers(writer);
    }
    return CIMAGE_OK;
}

cimage_status cpng_writer_start(cpng_writer *writer, uint32_t width, uint32_t height, int channels, int level, int threads) {
    if (writer->started) return misuse(writer, "the writer was already started");
    if (width == 0 || height == 0 || width > 0x7FFFFFFFu || height > 0x7FFFFFFFu) {
        return misuse(writer, "PNG sides are 1 to 2^31-1");
    }
    if ((channels != 3 && channels != 4) || level < 0 || level > 9 || threads < 1) {
        return misuse(writer, "channels must be 3 or 4, level 0-9, threads at least 1");
    }
    writer->width = width;
    writer->height = height;
    writer->channels = channels;
    writer->level = level;
    writer->row_bytes = (size_t)width * (size_t)channels;
    size_t filtered_row = writer->row_bytes + 1;
    size_t rows = SEGMENT_TARGET / filtered_row;
    if (rows == 0) rows = 1;
    if (rows > height) rows = height;
    writer->segment_rows = rows;
    writer->segment_count = (height + rows - 1) / rows;
    writer->adler = (uint32_t)adler32(0L, Z_NULL, 0);
    cpng_segment_zlib_header(level, writer->zlib_header);
    prepare_head(writer);

    size_t workers = (size_t)(threads > CPNG_WRITER_MAX_THREADS ? CPNG_WRITER_MAX_THREADS : threads);
    if (workers > writer->segment_count) workers = (size_t)writer->segment_count;
    /* One worker would only move the work off the calling thread; deflate inline. */
    if (workers < 2) workers = 0;
    /* The slot being filled, one per worker, and one finished segment waiting
     * its turn to be written: memory stays bounded whatever the height. */
    size_t slots = workers + 2;
    if (workers == 0 || slots > writer->segment_count) slots = workers == 0 ? 1 : (size_t)writer->segment_count;
    writer->prior = calloc(writer->row_bytes, 1);
    writer->slots = calloc(slots, sizeof *writer->slots);
    writer->ready = calloc(slots, sizeof *writer->ready);
    if (writer->prior == NULL || writer->slots == NULL || writer->ready == NULL) {
        return set_failure(writer, CIMAGE_ERROR_MEMORY, "out of memory");
    }
    writer->slot_count = slots;
    for (size_t i = 0; i < slots; i++) {
        if (!cpng_segment_allocate(&writer->slots[i], rows * filtered_row)) {
            return set_failure(writer, CIMAGE_ERROR_MEMORY, "out of memory");
        }
    }
    if (workers > 0) {
        cimage_status status = start_workers(writer, workers);
        if (status != CIMAGE_OK) return status;
    }
    if (writer->workers == NULL) {
        if (!cpng_deflater_open(&writer->inline_deflater, level)) {
            return set_failure(writer, CIMAGE_ERROR_MEMORY, "cannot open a deflate stream");
        }
    }
    writer->started = 1;
    return CIMAGE_OK;
}

/* Writes one deflated segment as IDAT chunks, with the zlib header before the
 * first, the Adler-32 after the last, and the PNG head before them. IEND waits
 * for finish, because texts may still be added after the last row. */
static cimage_status write_segment(cpng_writer *writer, cpng_segment *segment, uint64_t index) {
    uint8_t *data = segment->output + CPNG_SEGMENT_HEADROOM;
    size_t length = segment->output_length;
    if (index == 0) {
        data -= 2;
        memcpy(data, writer->zlib_header, 2);
        length += 2;
    }
    writer->adler = (uint32_t)adler32_combine(writer->adler, segment->adler, (z_off_t)segment->input_length);
    if (segment->final) {
        put32(data + length, writer->adler);
        length += 4;
    }
    size_t offset = 0;
    while (offset < length) {
        size_t piece = length - offset < IDAT_LIMIT ? length - offset : IDAT_LIMIT;
        uint8_t prefix[8];
        uint8_t suffix[4];
        put32(prefix, (uint32_t)piece);
        memcpy(prefix + 4, "IDAT", 4);
        put32(suffix, chunk_crc("IDAT", data + offset, piece));
        struct iovec parts[4];
        int count = 0;
        if (writer->head_length > 0) parts[count++] = (struct iovec){writer->head, writer->head_length};
        parts[count++] = (struct iovec){prefix, sizeof prefix};
        parts[count++] = (struct iovec){data + offset, piece};
        parts[count++] = (struct iovec){suffix, sizeof suffix};
        offset += piece;
        int code = write_all(writer->fd, parts, count);
        if (code != 0) return fail_io(writer, code);
        writer->head_length = 0;
    }
    return CIMAGE_OK;
}

static int head_is_ready(cpng_writer *writer, int wait) {
    size_t index = writer->emitted % writer->slot_count;
    if (writer->workers == NULL) return writer->ready[index];
    pthread_mutex_lock(&writer->lock);
    while (wait && !writer->ready[index]) pthread_cond_wait(&writer->work_done, &writer->lock);
    int ready = writer->ready[index];
    pthread_mutex_unlock(&writer->lock);
    return ready;
}

/* Waits for the oldest unwritten segment and writes it. */
static cimage_status emit_next(cpng_writer *writer) {
    head_is_ready(writer, 1);
    cpng_segment *segment = &writer->slots[writer->emitted % writer->slot_count];
    if (segment->status != CIMAGE_OK) {
        return set_failure(writer, segment->status, segment->message != NULL ? segment->message : "deflate failed");
    }
    cimage_status status = write_segment(writer, segment, writer->emitted);
    if (status != CIMAGE_OK) return status;
    writer->emitted++;
    return CIMAGE_OK;
}

static cimage_status begin_segment(cpng_writer *writer) {
    while (writer->filled - writer->emitted >= writer->slot_count) {
        cimage_status status = emit_next(writer);
        if (status != CIMAGE_OK) return status;
    }
    size_t index = writer->filled % writer->slot_count;
    cpng_segment *segment = &writer->slots[index];
    writer->ready[index] = 0;
    segment->input_length = 0;
    segment->final = writer->filled + 1 == writer->segment_count;
    memcpy(segment->dictionary, writer->carry, writer->carry_length);
    segment->dictionary_length = writer->carry_length;
    writer->current = segment;
    writer->current_rows = 0;
    return CIMAGE_OK;
}

/* Keeps the last 32 KiB of the filtered stream for the next segment. */
static void keep_tail(cpng_writer *writer, const uint8_t *bytes, size_t length) {
    if (length >= CPNG_SEGMENT_WINDOW) {
        memcpy(writer->carry, bytes + length - CPNG_SEGMENT_WINDOW, CPNG_SEGMENT_WINDOW);
        writer->carry_length = CPNG_SEGMENT_WINDOW;
        return;
    }
    size_t keep = CPNG_SEGMENT_WINDOW - length < writer->carry_length ? CPNG_SEGMENT_WINDOW - length : writer->carry_length;
    memmove(writer->carry, writer->carry + writer->carry_length - keep, keep);
    memcpy(writer->carry + keep, bytes, length);
    writer->carry_length = keep + length;
}

static cimage_status submit_segment(cpng_writer *writer) {
    cpng_segment *segment = writer->current;
    writer->current = NULL;
    keep_tail(writer, segment->input, segment->input_length);
    if (writer->workers == NULL) {
        cpng_deflater_run(&writer->inline_deflater, segment);
        writer->ready[writer->filled % writer->slot_count] = 1;
        writer->filled++;
    } else {
        pthread_mutex_lock(&writer->lock);
        writer->filled++;
        pthread_cond_signal(&writer->work_available);
        pthread_mutex_unlock(&writer->lock);
    }
    /* Write what is already deflated, without waiting, to free its slot early. */
    while (writer->emitted < writer->filled && head_is_ready(writer, 0)) {
        cimage_status status = emit_next(writer);
        if (status != CIMAGE_OK) return status;
    }
    return CIMAGE_OK;
}

cimage_status cpng_writer_write_rows(cpng_writer *writer, const uint8_t *pixels, size_t stride, uint32_t count) {
    if (!writer->started) return misuse(writer, "rows written before the writer was started");
    if (writer->failure != CIMAGE_OK) return writer->failure;
    if (writer->finished) return misuse(writer, "rows written after finish");
    if (count > writer->height - writer->rows_written) return misuse(writer, "rows written past the last row");
    if (count == 0) return CIMAGE_OK;
    const size_t filtered_row = writer->row_bytes + 1;
    const int adaptive = writer->level > 0;
    /* Within one call the row above is still in the caller's buffer. */
    const uint8_t *prior = writer->prior;
    for (uint32_t i = 0; i < count; i++) {
        if (writer->current == NULL) {
            cimage_status status = begin_segment(writer);
            if (status != CIMAGE_OK) return status;
        }
        const uint8_t *row = pixels + (size_t)i * stride;
        cpng_segment *segment = writer->current;
        cpng_filter_row(row, prior, writer->row_bytes, writer->channels, adaptive,
                        segment->input + segment->input_length);
        segment->input_length += filtered_row;
        prior = row;
        writer->rows_written++;
        writer->current_rows++;
        if (writer->current_rows == writer->segment_rows || writer->rows_written == writer->height) {
            cimage_status status = submit_segment(writer);
            if (status != CIMAGE_OK) return status;
        }
    }
    memcpy(writer->prior, prior, writer->row_bytes);
    return CIMAGE_OK;
}

cimage_status cpng_writer_add_text(cpng_writer *writer, const char *keyword, const uint8_t *text, size_t length) {
    if (!writer->started) return misuse(writer, "text added before the writer was started");
    if (writer->failure != CIMAGE_OK) return writer->failure;
    if (writer->finished) return misuse(writer, "text added after finish");
    if (writer->text_count == writer->text_capacity) {
        size_t capacity = writer->text_capacity == 0 ? 4 : writer->text_capacity * 2;
        cpng_text_chunk *texts = realloc(writer->texts, capacity * sizeof *texts);
        if (texts == NULL) return set_failure(writer, CIMAGE_ERROR_MEMORY, "out of memory");
        writer->texts = texts;
        writer->text_capacity = capacity;
    }
    cimage_status status = cpng_text_chunk_build(&writer->texts[writer->text_count], keyword, text, length, writer->message);
    /* A refused keyword or text loses nothing already written; only memory or
     * zlib failures end the writer. */
    if (status == CIMAGE_ERROR_ARGUMENT) return status;
    if (status != CIMAGE_OK) {
        /* The message is already in place. */
        writer->failure = status;
        return status;
    }
    writer->text_count++;
    return CIMAGE_OK;
}

/* The texts, in the order they were added, then IEND. */
static cimage_status write_tail(cpng_writer *writer) {
    for (size_t i = 0; i < writer->text_count; i++) {
        struct iovec part = {writer->texts[i].bytes, writer->texts[i].length};
        int code = write_all(writer->fd, &part, 1);
        if (code != 0) return fail_io(writer, code);
    }
    struct iovec part = {(void *)iend_chunk, sizeof iend_chunk};
    int code = write_all(writer->fd, &part, 1);
    if (code != 0) return fail_io(writer, code);
    return CIMAGE_OK;
}

cimage_status cpng_writer_finish(cpng_writer *writer) {
    if (!writer->started) return misuse(writer, "finish before the writer was started");
    if (writer->failure != CIMAGE_OK) return writer->failure;
    if (writer->finished) return misuse(writer, "finish was already called");
    if (writer->rows_written != writer->height) return misuse(writer, "finish before the last row");
    while (writer->emitted < writer->segment_count) {
        cimage_status status = emit_next(writer);
        if (status != CIMAGE_OK) return status;
    }
    stop_workers(writer);
    cimage_status status = write_tail(writer);
    if (status != CIMAGE_OK) return status;
    writer->finished = 1;
    return CIMAGE_OK;
}

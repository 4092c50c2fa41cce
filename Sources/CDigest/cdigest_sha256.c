#include "cdigest.h"
#include "cdigest_blocks.h"

#include <string.h>

static const uint32_t initial_state[8] = {
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
};

/* The fastest block function this CPU runs, decided on first use. Racing threads
 * both compute the same answer, so a relaxed atomic is all the care it needs. */
static cdigest_sha256_blocks_fn fastest_blocks(void) {
#if defined(__x86_64__)
    static int decided; /* 0: not yet, 1: portable, 2: SHA extensions */
    int choice = __atomic_load_n(&decided, __ATOMIC_RELAXED);
    if (choice == 0) {
        choice = cdigest_sha256_x86_available() ? 2 : 1;
        __atomic_store_n(&decided, choice, __ATOMIC_RELAXED);
    }
    return choice == 2 ? cdigest_sha256_blocks_x86 : cdigest_sha256_blocks_portable;
#else
    return cdigest_sha256_blocks_portable;
#endif
}

int cdigest_sha256_uses_sha_extensions(void) {
    return fastest_blocks() != cdigest_sha256_blocks_portable;
}

void cdigest_sha256_init(cdigest_sha256 *ctx) {
    memcpy(ctx->state, initial_state, sizeof initial_state);
    ctx->length = 0;
    ctx->buffered = 0;
}

static void update_with(cdigest_sha256 *ctx, const uint8_t *bytes, size_t length, cdigest_sha256_blocks_fn blocks) {
    if (length == 0) return; /* bytes may then be NULL, which memcpy must not see */
    ctx->length += length;
    if (ctx->buffered > 0) {
        size_t take = 64 - ctx->buffered < length ? 64 - ctx->buffered : length;
        memcpy(ctx->buffer + ctx->buffered, bytes, take);
        ctx->buffered += take;
        bytes += take;
        length -= take;
        if (ctx->buffered < 64) return;
        blocks(ctx->state, ctx->buffer, 1);
        ctx->buffered = 0;
    }
    if (length >= 64) {
        blocks(ctx->state, bytes, length / 64);
        bytes += length & ~(size_t)63;
        length &= 63;
    }
    if (length > 0) {
        memcpy(ctx->buffer, bytes, length);
        ctx->buffered = length;
    }
}

/* FIPS 180-4 §5.1.1: a 1 bit, zeros up to 56 bytes into a block, then the message
 * length in bits, big-endian. */
static void final_with(cdigest_sha256 *ctx, uint8_t digest[32], cdigest_sha256_blocks_fn blocks) {
    uint64_t bits = ctx->length * 8;
    size_t used = ctx->buffered;
    ctx->buffer[used++] = 0x80;
    if (used > 56) {
        memset(ctx->buffer + used, 0, 64 - used);
        blocks(ctx->state, ctx->buffer, 1);
        used = 0;
    }
    memset(ctx->buffer + used, 0, 56 - used);
    for (int i = 0; i < 8; i++) ctx->buffer[56 + i] = (uint8_t)(bits >> (56 - 8 * i));
    blocks(ctx->state, ctx->buffer, 1);
    for (int i = 0; i < 8; i++) {
        digest[4 * i] = (uint8_t)(ctx->state[i] >> 24);
        digest[4 * i + 1] = (uint8_t)(ctx->state[i] >> 16);
        digest[4 * i + 2] = (uint8_t)(ctx->state[i] >> 8);
        digest[4 * i + 3] = (uint8_t)ctx->state[i];
    }
    ctx->buffered = 0;
}

void cdigest_sha256_update(cdigest_sha256 *ctx, const void *data, size_t length) {
    update_with(ctx, data, length, fastest_blocks());
}

void cdigest_sha256_final(cdigest_sha256 *ctx, uint8_t digest[32]) {
    final_with(ctx, digest, fastest_blocks());
}

void cdigest_sha256_update_portable(cdigest_sha256 *ctx, const void *data, size_t length) {
    update_with(ctx, data, length, cdigest_sha256_blocks_portable);
}

void cdigest_sha256_final_portable(cdigest_sha256 *ctx, uint8_t digest[32]) {
    final_with(ctx, digest, cdigest_sha256_blocks_portable);
}

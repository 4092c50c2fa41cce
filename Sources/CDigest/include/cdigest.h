#ifndef CDIGEST_H
#define CDIGEST_H

#include <stddef.h>
#include <stdint.h>

/* SHA-256 (FIPS 180-4) of a byte stream fed in pieces of any size, for the sheet
 * manifest's record of each source. On x86_64 CPUs with the SHA extensions the
 * blocks go through them, chosen once at run time; elsewhere through portable C.
 * Both give the same digest. */

typedef struct {
    uint32_t state[8];
    /* Bytes fed so far, for the length the padding ends with. */
    uint64_t length;
    /* The start of a block not yet whole, so callers may feed any sizes. */
    uint8_t buffer[64];
    size_t buffered;
} cdigest_sha256;

void cdigest_sha256_init(cdigest_sha256 *ctx);
/* Whole blocks are hashed straight from `data`; only a partial block is copied. */
void cdigest_sha256_update(cdigest_sha256 *ctx, const void *data, size_t length);
/* Writes the digest; the context must be initialised again before reuse. */
void cdigest_sha256_final(cdigest_sha256 *ctx, uint8_t digest[32]);

/* Whether update and final use the SHA extensions on this CPU. */
int cdigest_sha256_uses_sha_extensions(void);

/* Update and final that always take the portable path, whatever the CPU, so tests
 * and the bench can hold the two paths side by side without a global switch that
 * a test running in parallel could trip over. */
void cdigest_sha256_update_portable(cdigest_sha256 *ctx, const void *data, size_t length);
void cdigest_sha256_final_portable(cdigest_sha256 *ctx, uint8_t digest[32]);

#endif

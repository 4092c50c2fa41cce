#ifndef CDIGEST_BLOCKS_H
#define CDIGEST_BLOCKS_H

#include <stddef.h>
#include <stdint.h>

/* A block function folds `count` whole 64-byte blocks into the state. */
typedef void (*cdigest_sha256_blocks_fn)(uint32_t state[8], const uint8_t *blocks, size_t count);

/* The round constants of FIPS 180-4 §4.2.2, shared by both block functions;
 * 16-byte aligned so the SHA extensions path loads four at a time. */
extern const uint32_t cdigest_sha256_k[64];

void cdigest_sha256_blocks_portable(uint32_t state[8], const uint8_t *blocks, size_t count);

#if defined(__x86_64__)
/* Needs SHA, SSSE3 and SSE4.1: ask cdigest_sha256_x86_available first. */
void cdigest_sha256_blocks_x86(uint32_t state[8], const uint8_t *blocks, size_t count);
int cdigest_sha256_x86_available(void);
#endif

#endif

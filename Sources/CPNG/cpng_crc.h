#ifndef CPNG_CRC_H
#define CPNG_CRC_H

#include <isa-l/crc.h>
#include <stddef.h>
#include <stdint.h>

/* PNG's chunk CRC (the CRC-32 of gzip and zlib), continued from `crc` over `count` bytes,
 * chained as zlib's crc32 chains. ISA-L's, with carry-less multiplication where the CPU
 * has it: about three times zlib 1.2.13's speed, and a stored sheet checksums every byte
 * it writes. */
static inline uint32_t cpng_crc_update(uint32_t crc, const uint8_t *bytes, size_t count) {
    return crc32_gzip_refl(crc, bytes, (uint64_t)count);
}

#endif

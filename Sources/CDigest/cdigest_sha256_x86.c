#include "cdigest_blocks.h"

#if defined(__x86_64__)

#include <cpuid.h>
#include <immintrin.h>

/* Per function rather than as global flags, so the package builds for any x86_64
 * and only CPUs that pass cdigest_sha256_x86_available ever run these. */
#define SHA_TARGET __attribute__((target("sha,sse4.1")))

int cdigest_sha256_x86_available(void) {
    unsigned eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
    int ssse3 = (ecx >> 9) & 1, sse41 = (ecx >> 19) & 1;
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return 0;
    int sha = (ebx >> 29) & 1;
    return ssse3 && sse41 && sha;
}

/* Four rounds: sha256rnds2 does two with the low half of message-plus-constants,
 * then two with the high half moved down. */
static inline SHA_TARGET __attribute__((always_inline))
void four_rounds(__m128i *abef, __m128i *cdgh, __m128i words, int quad) {
    __m128i input = _mm_add_epi32(words, _mm_load_si128((const __m128i *)&cdigest_sha256_k[4 * quad]));
    *cdgh = _mm_sha256rnds2_epu32(*cdgh, *abef, input);
    *abef = _mm_sha256rnds2_epu32(*abef, *cdgh, _mm_shuffle_epi32(input, 0x0e));
}

/* The round structure of Intel's SHA extensions white paper (Gulley et al., 2013):
 * the state lives as ABEF and CDGH, the schedule as four registers of four words
 * each, refilled by sha256msg1/msg2 one quad of rounds ahead of its use. */
SHA_TARGET
void cdigest_sha256_blocks_x86(uint32_t state[8], const uint8_t *blocks, size_t count) {
    /* Message words are big-endian; this shuffle swaps each 32-bit lane's bytes. */
    const __m128i byte_swap = _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL);

    __m128i dcba = _mm_loadu_si128((const __m128i *)&state[0]);
    __m128i hgfe = _mm_loadu_si128((const __m128i *)&state[4]);
    __m128i cdab = _mm_shuffle_epi32(dcba, 0xb1);
    __m128i efgh = _mm_shuffle_epi32(hgfe, 0x1b);
    __m128i abef = _mm_alignr_epi8(cdab, efgh, 8);
    __m128i cdgh = _mm_blend_epi16(efgh, cdab, 0xf0);

    for (; count > 0; count--, blocks += 64) {
        const __m128i abef_before = abef, cdgh_before = cdgh;
        __m128i w[4];
        for (int i = 0; i < 4; i++) {
            w[i] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(blocks + 16 * i)), byte_swap);
        }
        /* Sixteen quads of rounds. After quad q, the words for quad q+1 are finished
         * (msg2 adds σ1 of the two newest words, the middle term from an alignr) and
         * the words for quad q+3 are started (msg1 adds σ0), in that order because
         * msg2 still needs the old words msg1 overwrites. Unrolled, the indices are
         * constants and w stays in registers. */
#pragma clang loop unroll(full)
        for (int q = 0; q < 16; q++) {
            four_rounds(&abef, &cdgh, w[q & 3], q);
            if (q >= 3 && q <= 14) {
                __m128i next = _mm_add_epi32(w[(q + 1) & 3], _mm_alignr_epi8(w[q & 3], w[(q + 3) & 3], 4));
                w[(q + 1) & 3] = _mm_sha256msg2_epu32(next, w[q & 3]);
            }
            if (q >= 1 && q <= 12) {
                w[(q + 3) & 3] = _mm_sha256msg1_epu32(w[(q + 3) & 3], w[q & 3]);
            }
        }
        abef = _mm_add_epi32(abef, abef_before);
        cdgh = _mm_add_epi32(cdgh, cdgh_before);
    }

    __m128i feba = _mm_shuffle_epi32(abef, 0x1b);
    __m128i dchg = _mm_shuffle_epi32(cdgh, 0xb1);
    _mm_storeu_si128((__m128i *)&state[0], _mm_blend_epi16(feba, dchg, 0xf0));
    _mm_storeu_si128((__m128i *)&state[4], _mm_alignr_epi8(dchg, feba, 8));
}

#endif

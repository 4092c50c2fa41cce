#ifndef CIMAGE_VECTOR_H
#define CIMAGE_VECTOR_H

/* The row loops of the shims (CPNG's scoring, filtering and widening of rows, CResample's
 * weight tables) are built twice, for AVX2 and for the x86-64 baseline (SSE2), and the
 * loader picks one for the CPU at start (GCC and Clang's ifunc-based target_clones): AVX2
 * doubles the lanes and has the 16-bit absolute value Paeth needs and the byte shuffle
 * widening needs, which SSE2 lacks. Elsewhere the one portable build is used, and so it is
 * in sanitizer builds: the loader runs an ifunc resolver while relocating, before the
 * sanitizer's runtime is up, and an instrumented resolver crashes (ThreadSanitizer: a
 * segfault in __tsan_func_entry called from score's resolver). Written once here so every
 * shim that clones agrees on when it may. */
#if defined(__has_feature)
#if __has_feature(thread_sanitizer) || __has_feature(address_sanitizer) || __has_feature(memory_sanitizer)
#define CIMAGE_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_THREAD__) || defined(__SANITIZE_ADDRESS__)
#define CIMAGE_SANITIZED 1
#endif
#if defined(__x86_64__) && defined(__linux__) && (defined(__clang__) || defined(__GNUC__)) && !defined(CIMAGE_SANITIZED)
#define CIMAGE_VECTOR_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define CIMAGE_VECTOR_CLONES
#endif

#endif

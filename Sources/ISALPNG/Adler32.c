// Adler-32 (RFC 1950), the checksum that ends a zlib stream: a scalar path for any CPU and an AVX2
// path, chosen by the caller as for the pixel rows. ISA-L's own (adler32_avx2_4, run inside
// isal_deflate for a zlib stream) took as long as the pixel conversion on a medium widget; this one
// sums 32 bytes per step with SAD and multiply-add, as zlib-ng's adler32_avx2 does.

#include "PixelRows.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define WR_HAVE_ADLER_VECTOR 1
#endif

#define WR_ADLER_BASE 65521u
/// The most bytes whose sums cannot overflow 32 bits before a reduction (zlib's NMAX).
#define WR_ADLER_NMAX 5552

static uint32_t wr_adler32_scalar(uint32_t adler, const uint8_t *data, size_t length) {
    uint32_t s1 = adler & 0xFFFF, s2 = adler >> 16;
    while (length > 0) {
        size_t block = length < WR_ADLER_NMAX ? length : WR_ADLER_NMAX;
        length -= block;
        while (block--) {
            s1 += *data++;
            s2 += s1;
        }
        s1 %= WR_ADLER_BASE;
        s2 %= WR_ADLER_BASE;
    }
    return s2 << 16 | s1;
}

#if WR_HAVE_ADLER_VECTOR
__attribute__((target("avx2"))) static uint64_t wr_sum_lanes(__m256i v) {
    uint32_t lanes[8];
    _mm256_storeu_si256((__m256i *)lanes, v);
    uint64_t sum = 0;
    for (int i = 0; i < 8; i++) sum += lanes[i];
    return sum;
}

__attribute__((target("avx2"))) static uint32_t wr_adler32_avx2(uint32_t adler, const uint8_t *data, size_t length) {
    uint32_t s1 = adler & 0xFFFF, s2 = adler >> 16;
    // Byte i of a 32-byte step adds (32 - i) times itself to s2, besides 32 times s1 before the step.
    const __m256i weights = _mm256_setr_epi8(32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15,
                                             14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1);
    const __m256i ones = _mm256_set1_epi16(1);
    const __m256i zero = _mm256_setzero_si256();
    while (length >= 32) {
        // Whole steps, at most NMAX bytes, then one reduction: every lane stays below 2^32

        size_t block = length < WR_ADLER_NMAX ? length : WR_ADLER_NMAX;
        block &= ~(size_t)31;
        length -= block;
        __m256i v1 = _mm256_zextsi128_si256(_mm_cvtsi32_si128((int)s1));
        __m256i v2 = _mm256_zextsi128_si256(_mm_cvtsi32_si128((int)s2));
        __m256i previous = zero;  // sum over steps of s1 before each step
        for (; block > 0; block -= 32, data += 32) {
            const __m256i bytes = _mm256_loadu_si256((const __m256i *)data);
            previous = _mm256_add_epi32(previous, v1);
            v1 = _mm256_add_epi32(v1, _mm256_sad_epu8(bytes, zero));
            v2 = _mm256_add_epi32(v2, _mm256_madd_epi16(_mm256_maddubs_epi16(bytes, weights), ones));
        }
        s1 = (uint32_t)(wr_sum_lanes(v1) % WR_ADLER_BASE);
        s2 = (uint32_t)((wr_sum_lanes(v2) + 32 * wr_sum_lanes(previous)) % WR_ADLER_BASE);
    }
    return wr_adler32_scalar(s2 << 16 | s1, data, length);
}
#endif

uint32_t wr_adler32(uint32_t adler, const uint8_t *data, size_t length, int vector) {
#if WR_HAVE_ADLER_VECTOR
    if (vector) return wr_adler32_avx2(adler, data, length);
#else
    (void)vector;
#endif
    return wr_adler32_scalar(adler, data, length);
}

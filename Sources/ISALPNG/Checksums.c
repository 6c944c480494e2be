// Joining checksums of consecutive pieces, so that pieces of one image can be checked on different
// threads and still give the checksum of the whole.

#include "Checksums.h"

// MARK: - CRC-64

// A reflected CRC is the remainder of the message polynomial modulo P. Appending n bytes
// multiplies A's part of that polynomial by x^(8n), so CRC(A ‖ B) = CRC(A)·x^(8n) mod P xor
// CRC(B); the pre- and post-inversion of CRC-64/XZ cancel out in that sum. Polynomials are
// reflected: bit 63 is x^0.

/// ECMA-182, reflected.
#define WR_CRC64_POLY 0xC96C5795D7870F42ull

/// a·b mod P.
static uint64_t wr_crc64_multiply(uint64_t a, uint64_t b) {
    uint64_t product = 0;
    for (uint64_t bit = (uint64_t)1 << 63; bit != 0; bit >>= 1) {
        if (a & bit) product ^= b;
        b = (b & 1) ? (b >> 1) ^ WR_CRC64_POLY : b >> 1;  // b·x mod P
    }
    return product;
}

/// x^(8·length) mod P, by squaring: x^(2^k) for each set bit k of 8·length.
static uint64_t wr_crc64_shift(uint64_t length) {
    uint64_t result = (uint64_t)1 << 63;  // x^0
    uint64_t power = (uint64_t)1 << 59;   // x^4, squared to x^8 before its first use
    uint64_t bits = length;
    power = wr_crc64_multiply(power, power);
    while (bits != 0) {
        if (bits & 1) result = wr_crc64_multiply(result, power);
        power = wr_crc64_multiply(power, power);
        bits >>= 1;
    }
    return result;
}

uint64_t wr_crc64_combine(uint64_t crc_a, uint64_t crc_b, uint64_t length_b) {
    if (length_b == 0) return crc_a;
    return wr_crc64_multiply(wr_crc64_shift(length_b), crc_a) ^ crc_b;
}

// MARK: - Adler-32

// Adler-32 is s1 = 1 + Σ bytes and s2 = Σ of the running s1, both mod 65521. Over A ‖ B, every
// running s1 in B is A's s1 − 1 more than B's alone, n times: s1 = s1(A) + s1(B) − 1 and
// s2 = s2(A) + s2(B) + n·(s1(A) − 1).

#define WR_ADLER_BASE 65521u

uint32_t wr_adler32_combine(uint32_t adler_a, uint32_t adler_b, uint64_t length_b) {
    const uint64_t n = length_b % WR_ADLER_BASE;
    const uint64_t a1 = adler_a & 0xFFFF, a2 = adler_a >> 16;
    const uint64_t b1 = adler_b & 0xFFFF, b2 = adler_b >> 16;
    const uint64_t s1 = (a1 + b1 + WR_ADLER_BASE - 1) % WR_ADLER_BASE;
    const uint64_t s2 = (a2 + b2 + n * ((a1 + WR_ADLER_BASE - 1) % WR_ADLER_BASE)) % WR_ADLER_BASE;
    return (uint32_t)(s1 | (s2 << 16));
}

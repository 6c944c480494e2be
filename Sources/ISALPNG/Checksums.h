#ifndef WIDGETRENDER_ISALPNG_CHECKSUMS_H
#define WIDGETRENDER_ISALPNG_CHECKSUMS_H

#include <stdint.h>

/// The CRC-64/XZ (ISA-L's crc64_ecma_refl) of A followed by B, from the CRC of A, the CRC of B
/// (each from a seed of 0) and B's length: what one pass over both gives.
uint64_t wr_crc64_combine(uint64_t crc_a, uint64_t crc_b, uint64_t length_b);

/// The Adler-32 (RFC 1950) of A followed by B, from the Adler-32 of each (starting from 1) and B's
/// length.
uint32_t wr_adler32_combine(uint32_t adler_a, uint32_t adler_b, uint64_t length_b);

#endif

// Cairo's premultiplied ARGB32 → PNG samples (straight alpha), one scalar path for any CPU and one
// vector path written once with Clang's vector extensions and compiled for AVX2, chosen at run time.
// Both compute, per channel, exactly what the libpng encoder (PNGCodec.c) does:
//   alpha 0 → 0, otherwise (c * 255 + alpha / 2) / alpha, truncated to 8 bits.
// The vector path divides in float: the numerator is below 2^24, so it converts exactly, and the
// correctly rounded quotient truncates to the same integer as the integer division (a non-integer
// quotient n / a lies at least 1 / a from the next integer, far more than float's rounding error).

#include "PixelRows.h"

#include <string.h>

int wr_bytes_per_pixel(int color_type) {
    switch (color_type) {
    case WR_COLOR_GRAY: return 1;
    case WR_COLOR_GRAY_ALPHA: return 2;
    case WR_COLOR_RGB: return 3;
    default: return 4;
    }
}

// MARK: - Scalar

static inline uint32_t wr_load_pixel(const uint8_t *p) {
    uint32_t v;
    memcpy(&v, p, sizeof v);
    return v;
}

static inline uint8_t wr_straight(uint32_t c, uint32_t a) {
    if (a == 255) return (uint8_t)c;  // what the division gives, without dividing
    return a == 0 ? 0 : (uint8_t)((c * 255 + a / 2) / a);
}

/// Pixels [from, width) of one row, one at a time.
static void wr_convert_pixels_scalar(const uint8_t *src, int from, int width, int color_type, uint8_t *dst) {
    const int bpp = wr_bytes_per_pixel(color_type);
    dst += (size_t)from * (size_t)bpp;
    for (int x = from; x < width; x++) {
        const uint32_t p = wr_load_pixel(src + (size_t)x * 4);
        const uint32_t a = p >> 24;
        const uint8_t r = wr_straight((p >> 16) & 0xFF, a);
        switch (color_type) {
        case WR_COLOR_GRAY: dst[0] = r; break;
        case WR_COLOR_GRAY_ALPHA:
            dst[0] = r;
            dst[1] = (uint8_t)a;
            break;
        case WR_COLOR_RGB:
            dst[0] = r;
            dst[1] = wr_straight((p >> 8) & 0xFF, a);
            dst[2] = wr_straight(p & 0xFF, a);
            break;
        default:
            dst[0] = r;
            dst[1] = wr_straight((p >> 8) & 0xFF, a);
            dst[2] = wr_straight(p & 0xFF, a);
            dst[3] = (uint8_t)a;
        }
        dst += bpp;
    }
}

int wr_sampled_pairs(int width) { return width >= 9 ? 8 * ((width - 9) / WR_SAMPLE_STEP + 1) : 0; }

/// How many pixels equal the pixel on their left, among the pairs that wr_sampled_pairs counts:
/// eight pixels x .. x + 7 (each against the one before) at x = 1, 1 + WR_SAMPLE_STEP, …, while
/// all eight are in the row. A quarter of the row tells a photograph from a drawing.
static uint32_t wr_count_equal_scalar(const uint8_t *src, int width) {
    uint32_t count = 0;
    for (int x = 1; x + 8 <= width; x += WR_SAMPLE_STEP) {
        for (int i = x; i < x + 8; i++) {
            count += wr_load_pixel(src + (size_t)i * 4) == wr_load_pixel(src + (size_t)(i - 1) * 4);
        }
    }
    return count;
}

/// Folds pixels [from, width) of one row into the two accumulators (see wr_analyse_rows).
static inline void wr_analyse_pixels_scalar(const uint8_t *src, int from, int width, uint32_t *all, uint32_t *mixed) {
    uint32_t a = *all, m = *mixed;
    for (int x = from; x < width; x++) {
        const uint32_t p = wr_load_pixel(src + (size_t)x * 4);
        a &= p;
        m |= p ^ (p >> 8);
    }
    *all = a;
    *mixed = m;
}

// MARK: - Vector (eight pixels at a time)

#if defined(__x86_64__) && defined(__clang__)
#define WR_HAVE_VECTOR 1

typedef uint32_t wr_u32x8 __attribute__((vector_size(32)));
typedef int32_t wr_i32x8 __attribute__((vector_size(32)));
typedef float wr_f32x8 __attribute__((vector_size(32)));
typedef uint8_t wr_u8x32 __attribute__((vector_size(32)));
typedef uint8_t wr_u8x8 __attribute__((vector_size(8)));
typedef uint16_t wr_u16x8 __attribute__((vector_size(16)));

#define WR_INLINE static inline __attribute__((always_inline))

// A macro, not a function: 256-bit vectors passed by value to a function compiled without AVX
// would change the calling convention (clang's -Wpsabi).
#define WR_DIVIDE8(numerator, divisor) \
    ((wr_u32x8)__builtin_convertvector(__builtin_convertvector((wr_i32x8)(numerator), wr_f32x8) / (divisor), wr_i32x8))

/// Straight RGBA, red in the lowest byte, for the eight pixels at `src`.
WR_INLINE void wr_straight8(const uint8_t *src, wr_u32x8 *out) {
    wr_u32x8 p;
    memcpy(&p, src, sizeof p);
    const wr_u32x8 alpha = p >> 24;
    if (__builtin_reduce_min(alpha) == 255) {
        // Opaque, the common case: only the byte order changes.
        *out = (p & 0xFF00FF00u) | ((p >> 16) & 0xFFu) | ((p & 0xFFu) << 16);
        return;
    }
    if (__builtin_reduce_max(alpha) == 0) {
        *out = p ^ p;
        return;
    }
    const wr_u32x8 transparent = (wr_u32x8)(alpha == 0);
    // Divide transparent lanes by 1 (their result is masked off) rather than by zero.
    const wr_f32x8 divisor = __builtin_convertvector((wr_i32x8)(alpha | (transparent & 1u)), wr_f32x8);
    const wr_u32x8 half = alpha >> 1;
    const wr_u32x8 r = WR_DIVIDE8(((p >> 16) & 0xFFu) * 255u + half, divisor);
    const wr_u32x8 g = WR_DIVIDE8(((p >> 8) & 0xFFu) * 255u + half, divisor);
    const wr_u32x8 b = WR_DIVIDE8((p & 0xFFu) * 255u + half, divisor);
    *out = ((r & 0xFFu) | ((g & 0xFFu) << 8) | ((b & 0xFFu) << 16) | (alpha << 24)) & ~transparent;
}

WR_INLINE void wr_convert_row_vector(const uint8_t *src, int width, int color_type, uint8_t *dst) {
    int x = 0;
    wr_u32x8 rgba;
    switch (color_type) {
    case WR_COLOR_GRAY:
        for (; x + 8 <= width; x += 8) {
            wr_straight8(src + (size_t)x * 4, &rgba);
            const wr_u8x8 gray = __builtin_convertvector(rgba & 0xFFu, wr_u8x8);
            memcpy(dst + (size_t)x, &gray, sizeof gray);
        }
        break;
    case WR_COLOR_GRAY_ALPHA:
        for (; x + 8 <= width; x += 8) {
            wr_straight8(src + (size_t)x * 4, &rgba);
            const wr_u16x8 pair = __builtin_convertvector((rgba & 0xFFu) | ((rgba >> 16) & 0xFF00u), wr_u16x8);
            memcpy(dst + (size_t)x * 2, &pair, sizeof pair);
        }
        break;
    case WR_COLOR_RGB:
        for (; x + 8 <= width; x += 8) {
            wr_straight8(src + (size_t)x * 4, &rgba);
            const wr_u8x32 bytes = (wr_u8x32)rgba;
            const wr_u8x32 packed = __builtin_shufflevector(
                bytes, bytes, 0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, 16, 17, 18, 20, 21, 22, 24, 25, 26, 28, 29, 30,
                -1, -1, -1, -1, -1, -1, -1, -1);
            memcpy(dst + (size_t)x * 3, &packed, 24);
        }
        break;
    default:
        for (; x + 8 <= width; x += 8) {
            wr_straight8(src + (size_t)x * 4, &rgba);
            memcpy(dst + (size_t)x * 4, &rgba, sizeof rgba);
        }
    }
    wr_convert_pixels_scalar(src, x, width, color_type, dst);
}

/// wr_count_equal_scalar, each block of eight in one comparison.
WR_INLINE uint32_t wr_count_equal_vector(const uint8_t *src, int width) {
    wr_u32x8 total = {0};
    for (int x = 1; x + 8 <= width; x += WR_SAMPLE_STEP) {
        wr_u32x8 p, left;
        memcpy(&p, src + (size_t)x * 4, sizeof p);
        memcpy(&left, src + (size_t)(x - 1) * 4, sizeof left);
        total -= (wr_u32x8)(p == left);  // each equal lane is -1
    }
    return __builtin_reduce_add(total);
}

WR_INLINE void wr_analyse_row_vector(const uint8_t *src, int width, uint32_t *all, uint32_t *mixed) {
    wr_u32x8 a = (wr_u32x8){0} - 1u, m = (wr_u32x8){0};
    int x = 0;
    for (; x + 8 <= width; x += 8) {
        wr_u32x8 p;
        memcpy(&p, src + (size_t)x * 4, sizeof p);
        a &= p;
        m |= p ^ (p >> 8);
    }
    *all &= __builtin_reduce_and(a);
    *mixed |= __builtin_reduce_or(m);
    wr_analyse_pixels_scalar(src, x, width, all, mixed);
}

__attribute__((target("avx2"))) static void wr_convert_rows_avx2(const uint8_t *pixels, int width, int rows,
                                                                  size_t stride, int color_type, uint8_t *out,
                                                                  uint32_t *equal_counts) {
    const size_t row_bytes = 1 + (size_t)width * (size_t)wr_bytes_per_pixel(color_type);
    for (int y = 0; y < rows; y++) {
        uint8_t *dst = out + (size_t)y * row_bytes;
        const uint8_t *src = pixels + (size_t)y * stride;
        dst[0] = 0;
        wr_convert_row_vector(src, width, color_type, dst + 1);
        // The row was just read: counting reads it again from the first-level cache.
        if (equal_counts) equal_counts[y] = wr_count_equal_vector(src, width);
    }
}

__attribute__((target("avx2"))) static void wr_analyse_row_avx2(const uint8_t *src, int width, uint32_t *all,
                                                                 uint32_t *mixed) {
    wr_analyse_row_vector(src, width, all, mixed);
}
#endif

int wr_vector_available(void) {
#if WR_HAVE_VECTOR
    return __builtin_cpu_supports("avx2");
#else
    return 0;
#endif
}

const char *wr_vector_name(void) { return wr_vector_available() ? "avx2" : NULL; }

// MARK: - Entry points

void wr_analyse_rows(const uint8_t *pixels, int width, int height, size_t stride, int vector, int *opaque,
                     int *gray) {
    // `all` is the AND of every pixel: its alpha byte stays 0xFF only if every alpha is.
    // `mixed` ORs p ^ (p >> 8): its low 16 bits stay 0 only if every blue = green = red.
    uint32_t all = 0xFFFFFFFFu, mixed = 0;
    for (int y = 0; y < height; y++) {
        const uint8_t *row = pixels + (size_t)y * stride;
#if WR_HAVE_VECTOR
        if (vector) {
            wr_analyse_row_avx2(row, width, &all, &mixed);
        } else {
            wr_analyse_pixels_scalar(row, 0, width, &all, &mixed);
        }
#else
        (void)vector;
        wr_analyse_pixels_scalar(row, 0, width, &all, &mixed);
#endif
        if ((all >> 24) != 0xFF && (mixed & 0xFFFF) != 0) break;
    }
    *opaque = (all >> 24) == 0xFF;
    *gray = (mixed & 0xFFFF) == 0;
}

void wr_convert_rows(const uint8_t *pixels, int width, int rows, size_t stride, int color_type, int vector,
                     uint8_t *out, uint32_t *equal_counts) {
#if WR_HAVE_VECTOR
    if (vector) {
        wr_convert_rows_avx2(pixels, width, rows, stride, color_type, out, equal_counts);
        return;
    }
#else
    (void)vector;
#endif
    const size_t row_bytes = 1 + (size_t)width * (size_t)wr_bytes_per_pixel(color_type);
    for (int y = 0; y < rows; y++) {
        uint8_t *dst = out + (size_t)y * row_bytes;
        const uint8_t *src = pixels + (size_t)y * stride;
        dst[0] = 0;
        wr_convert_pixels_scalar(src, 0, width, color_type, dst + 1);
        if (equal_counts) equal_counts[y] = wr_count_equal_scalar(src, width);
    }
}

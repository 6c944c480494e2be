#ifndef WIDGETRENDER_ISALPNG_PIXELROWS_H
#define WIDGETRENDER_ISALPNG_PIXELROWS_H

#include <stddef.h>
#include <stdint.h>

/// PNG colour types this writer produces, and their bytes per pixel.
enum {
    WR_COLOR_GRAY = 0,
    WR_COLOR_RGB = 2,
    WR_COLOR_GRAY_ALPHA = 4,
    WR_COLOR_RGBA = 6,
};

int wr_bytes_per_pixel(int color_type);

/// True when this CPU can run the vector path.
int wr_vector_available(void);
/// "avx2", or NULL.
const char *wr_vector_name(void);

/// What the pixels allow: `opaque` when every alpha is 255, `gray` when every pixel has
/// red = green = blue (premultiplied, hence also straight). Stops reading once both are false.
void wr_analyse_rows(const uint8_t *pixels, int width, int height, size_t stride, int vector,
                     int *opaque, int *gray);

/// Pixels apart from one sampled block of eight to the next (see wr_sampled_pairs).
#define WR_SAMPLE_STEP 32

/// How many (pixel, left neighbour) pairs of a row of `width` pixels wr_convert_rows compares:
/// blocks of eight, one every WR_SAMPLE_STEP pixels.
int wr_sampled_pairs(int width);

/// Writes `rows` PNG scanlines of `color_type`, each a filter byte 0 (None) then straight samples,
/// to `out` (rows * (1 + width * bytes per pixel) bytes). When `equal_counts` is not NULL, it gets,
/// for each row, how many of its wr_sampled_pairs(width) sampled pixels equal the pixel on their
/// left (all four bytes): most of a drawn row's, few of a photograph's. Both paths give the same counts.
void wr_convert_rows(const uint8_t *pixels, int width, int rows, size_t stride, int color_type,
                     int vector, uint8_t *out, uint32_t *equal_counts);

#endif

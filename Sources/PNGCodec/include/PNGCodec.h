#ifndef WIDGETRENDER_PNGCODEC_H
#define WIDGETRENDER_PNGCODEC_H

#include <stddef.h>
#include <stdint.h>

/// A growable byte buffer filled by the encoder; free it with `wr_buffer_free`.
typedef struct wr_buffer {
    uint8_t *data;
    size_t length;
    size_t capacity;
} wr_buffer;

/// Encodes premultiplied, native-endian ARGB32 pixels (Cairo's CAIRO_FORMAT_ARGB32)
/// as an 8-bit PNG. The alpha channel is written only when some pixel is not opaque.
///
/// - compression_level: zlib level 0...9.
/// - filters: a mask of PNG_FILTER_* values (png.h), e.g. PNG_FILTER_SUB.
/// - Returns 0 on success; otherwise non-zero with a message in `error`.
int wr_png_encode_argb32(const uint8_t *pixels, int width, int height, int stride,
                         int compression_level, int filters, wr_buffer *out,
                         char *error, size_t error_length);

/// wr_png_encode_argb32, always as RGBA (colour type 6), whatever the pixels: frames of an
/// animated PNG share one header.
int wr_png_encode_argb32_rgba(const uint8_t *pixels, int width, int height, int stride,
                              int compression_level, int filters, wr_buffer *out,
                              char *error, size_t error_length);

/// Encodes grey pixels already packed at `bit_depth` (1, 2, 4 or 8; rows of
/// ceil(width × bit_depth / 8) bytes, the leftmost pixel in the high bits, no padding between
/// rows) as a PNG of colour type 0 (grey, no alpha, no palette).
///
/// - Returns 0 on success; otherwise non-zero with a message in `error`.
int wr_png_encode_grey(const uint8_t *rows, int width, int height, int bit_depth, int compression_level,
                       wr_buffer *out, char *error, size_t error_length);

void wr_buffer_free(wr_buffer *buffer);

/// The libpng version this was built against and the one loaded at run time.
const char *wr_png_version(void);

#endif

#ifndef WIDGETRENDER_JPEGCODEC_H
#define WIDGETRENDER_JPEGCODEC_H

#include <stddef.h>
#include <stdint.h>

/// Reads a JPEG's size without decoding it.
///
/// - Returns 0 with `width` and `height` set; 1 with libjpeg's message in `error` for bytes it
///   cannot read; 2 with a whole reason in `error` for a CMYK JPEG.
int wr_jpeg_size(const uint8_t *data, size_t length, int *width, int *height, char *error, size_t error_length);

/// Decodes a baseline or progressive JPEG (greyscale or colour) into opaque, native-endian
/// ARGB32 pixels (Cairo's CAIRO_FORMAT_ARGB32) at `pixels`, `stride` bytes a row; the
/// caller allocates `stride * height` bytes after `wr_jpeg_size`.
///
/// libjpeg reports errors with longjmp, which Swift cannot catch: this layer does.
///
/// - Returns 0 on success; 1 for a file libjpeg cannot read (truncated, corrupt), with its
///   message in `error`; 2 for one it reads and this layer does not take (CMYK, a size other
///   than `width` × `height`), with a whole reason in `error`.
int wr_jpeg_decode_argb32(const uint8_t *data, size_t length, uint8_t *pixels, int width, int height, int stride,
                          char *error, size_t error_length);

#endif

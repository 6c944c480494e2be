#ifndef WIDGETRENDER_ISALPNG_H
#define WIDGETRENDER_ISALPNG_H

#include <stddef.h>
#include <stdint.h>
#include "PixelMemory.h"

/// Which code turns premultiplied pixels into PNG samples.
///
/// Both paths give the same bytes; the vector one is faster. Tests run both and compare.
typedef enum wr_isal_pixel_path {
    /// The vector path when this CPU has it, the scalar one otherwise.
    WR_ISAL_PIXEL_PATH_AUTOMATIC = 0,
    /// One pixel at a time, on any CPU.
    WR_ISAL_PIXEL_PATH_SCALAR = 1,
    /// Eight pixels at a time (AVX2 on x86-64); an error on a CPU without it.
    WR_ISAL_PIXEL_PATH_VECTOR = 2,
} wr_isal_pixel_path;

/// A whole PNG file in memory. `data` comes from malloc: free it with `free`.
typedef struct wr_isal_png {
    uint8_t *data;
    size_t length;
    /// The PNG colour type written: 0 grey, 2 RGB, 4 grey + alpha, 6 RGBA.
    int color_type;
    /// `wr_isal_pixels_crc64` of the image, computed from the rows just written (RGB and grey
    /// rows widened to RGBA as they are fingerprinted), and `has_pixels_crc64` is 1.
    uint64_t pixels_crc64;
    int has_pixels_crc64;
} wr_isal_png;

/// Encodes premultiplied, native-endian ARGB32 pixels (Cairo's CAIRO_FORMAT_ARGB32) as an 8-bit PNG:
/// straight alpha, the smallest of grey, grey + alpha, RGB and RGBA that holds every pixel exactly,
/// filter None (Up for rows of a photograph: fewer than 60 % of sampled pixels equal to their left neighbour),
/// one IDAT compressed by ISA-L's igzip at level 1, CRCs by ISA-L. An image of more than 768 KB of
/// scanlines is compressed in two pieces of rows joined into one zlib stream; the second is
/// compressed by a helper thread when a core is idle (wr_isal_set_helper_limit).
///
/// The same pixels give the same bytes on one libisal version and CPU family: igzip picks its code
/// by CPU at run time, so the compressed bytes (never the decoded pixels) can differ between CPUs.
/// libisal 2.30's level 1 also lets the address of its stream state choose between equally valid
/// encodings; each thread keeps its state at an address that makes that choice the same everywhere
/// (see ISALPNG.c, "Where igzip's stream state lives").
///
/// - stride: bytes per row as Cairo reports it, at least width * 4.
/// - Returns 0 on success, with the file in `out`; otherwise non-zero with a message in `error`
///   (and nothing to free).
int wr_isal_png_encode_argb32(const uint8_t *pixels, int width, int height, int stride,
                              wr_isal_pixel_path path, wr_isal_png *out,
                              char *error, size_t error_length);

/// How many helper threads may take pieces of an image being encoded (large images are written in
/// pieces: see wr_isal_png_encode_argb32). By default one fewer than this process's processors,
/// at most 7; 0 encodes every image on its caller's thread alone. The bytes written never depend
/// on it: only which thread compresses a piece does.
int wr_isal_helper_limit(void);
void wr_isal_set_helper_limit(int limit);

/// How many pieces helper threads have compressed in this process, for tests.
long wr_isal_pieces_by_helpers(void);

/// A render worker starts (enter) or stops (leave) drawing and encoding images. While as many
/// workers are busy as the process has processors, encodes do not ask helpers: every core is
/// already drawing or encoding, and a helper would only take turns with them.
void wr_isal_worker_enter(void);
void wr_isal_worker_leave(void);

/// The name of the vector path this CPU runs ("avx2"), or NULL when only the scalar path is available.
const char *wr_isal_vector_path_name(void);

/// The ISA-L version of the headers this was compiled against, e.g. "2.30.0".
const char *wr_isal_version(void);

/// Where this thread's igzip stream state lies once an image was encoded on it and the state could
/// be placed where igzip's output does not depend on it (CRC-32C of address bits 16-47 ending in 16
/// zero bits); 0 before that or if it could not be placed. For tests.
uintptr_t wr_isal_stream_address(void);

/// How many pieces wr_isal_png_encode_argb32 writes an image of this size and PNG colour type in
/// (1 for an image of up to 768 KB of scanlines, at most 2), for tests.
int wr_isal_piece_count(int width, int height, int color_type);

/// CRC-32 as PNG and zlib define it (ISA-L's crc32_gzip_refl), for tests.
uint32_t wr_isal_crc32(const uint8_t *bytes, size_t length);

/// The filter byte of each row of an 8-bit PNG this writer made (its IDAT data inflated), for tests:
/// up to `max_rows` into `filters`. Returns the number of rows written, or -1 when the file cannot be read.
int wr_isal_png_row_filters(const uint8_t *png, size_t length, uint8_t *filters, int max_rows);

/// A fingerprint of what a decoder gets from the PNG, whoever wrote it: CRC-64/XZ (ECMA-182,
/// reflected, as `xz` checks files; ISA-L's crc64_ecma_refl) of the image as straight 8-bit RGBA,
/// rows top to bottom, no padding. Equal for equal pixels on any CPU, unlike the compressed bytes.
/// Returns 0 and sets `out`, or non-zero when memory runs out.
int wr_isal_pixels_crc64(const uint8_t *pixels, int width, int height, int stride, uint64_t *out);

#endif

#include "JPEGCodec.h"

#include <stdio.h>
#include <jpeglib.h>
#include <jerror.h>
#include <setjmp.h>
#include <string.h>

/// libjpeg's error manager, with a place to jump back to and the message it gave.
typedef struct wr_jpeg_error {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
} wr_jpeg_error;

static void wr_jpeg_fail(j_common_ptr info) {
    wr_jpeg_error *error = (wr_jpeg_error *)info->err;
    (*info->err->format_message)(info, error->message);
    longjmp(error->jump, 1);
}

/// A truncated file, which libjpeg would pad with grey, is an error here: a widget should not
/// show half an image without a word. Other warnings (stray bytes between markers, common in
/// cameras' files) are passed over, as image viewers do.
static void wr_jpeg_warn(j_common_ptr info, int level) {
    if (level < 0 && info->err->msg_code == JWRN_JPEG_EOF) wr_jpeg_fail(info);
}

/// More scans than this is a file built to take the CPU (a real progressive JPEG has about ten):
/// libjpeg-turbo's own tools stop at the same number (djpeg -maxscans, TJPARAM_SCANLIMIT).
#define WR_JPEG_MAX_SCANS 100

static void wr_jpeg_progress(j_common_ptr info) {
    if (info->is_decompressor && ((j_decompress_ptr)info)->input_scan_number > WR_JPEG_MAX_SCANS) {
        wr_jpeg_error *error = (wr_jpeg_error *)info->err;
        snprintf(error->message, sizeof error->message, "more than %d scans", WR_JPEG_MAX_SCANS);
        longjmp(error->jump, 1);
    }
}

static void wr_copy_message(const char *message, char *error, size_t error_length) {
    if (error && error_length > 0) {
        strncpy(error, message, error_length - 1);
        error[error_length - 1] = 0;
    }
}

/// Starts decompressing `data` and reads its header (a failure jumps to `failure->jump`).
static void wr_jpeg_open(struct jpeg_decompress_struct *info, wr_jpeg_error *failure,
                         struct jpeg_progress_mgr *progress, const uint8_t *data, size_t length) {
    info->err = jpeg_std_error(&failure->manager);
    failure->manager.error_exit = wr_jpeg_fail;
    failure->manager.emit_message = wr_jpeg_warn;
    failure->message[0] = 0;
    jpeg_create_decompress(info);
    // A progressive image keeps all its coefficients: 8192×8192 colour is about 400 MB. Past
    // this libjpeg stops ("backing store not supported") instead of allocating it.
    info->mem->max_memory_to_use = 256L * 1024 * 1024;
    progress->progress_monitor = wr_jpeg_progress;
    info->progress = progress;
    jpeg_mem_src(info, data, (unsigned long)length);
    jpeg_read_header(info, TRUE);
}

/// Reads the header and, given `pixels`, the image (which must be `width` × `height`); without
/// `pixels`, sets `width` and `height`. `info` is changed between setjmp and a longjmp; that is
/// safe because its address is taken (it lives in memory, not in a register), the pattern of
/// libjpeg's example.c. Returns as the two public functions say.
static int wr_jpeg_read(const uint8_t *data, size_t length, uint8_t *pixels, int *width, int *height, int stride,
                        char *error, size_t error_length) {
    struct jpeg_decompress_struct info;
    wr_jpeg_error failure;
    struct jpeg_progress_mgr progress;
    if (length < 3 || data[0] != 0xFF || data[1] != 0xD8 || data[2] != 0xFF) {
        wr_copy_message("not a JPEG (no start-of-image marker)", error, error_length);
        return 1;
    }
    if (setjmp(failure.jump)) {
        jpeg_destroy_decompress(&info);
        wr_copy_message(failure.message, error, error_length);
        return 1;
    }
    wr_jpeg_open(&info, &failure, &progress, data, length);
    const char *refusal = NULL;
    if (info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK) {
        refusal = "a CMYK JPEG (save it as RGB)";
    } else if (!pixels) {
        *width = (int)info.image_width;
        *height = (int)info.image_height;
    } else if ((int)info.image_width != *width || (int)info.image_height != *height) {
        refusal = "its size changed while it was read";
    }
    if (refusal || !pixels) {
        jpeg_destroy_decompress(&info);
        if (refusal) wr_copy_message(refusal, error, error_length);
        return refusal ? 2 : 0;
    }
    // Cairo's ARGB32 is a native-endian 32-bit word; on a little-endian machine its bytes are B, G, R, A.
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    info.out_color_space = JCS_EXT_BGRA;
#else
    info.out_color_space = JCS_EXT_ARGB;
#endif
    jpeg_start_decompress(&info);
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = pixels + (size_t)info.output_scanline * (size_t)stride;
        jpeg_read_scanlines(&info, &row, 1);
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    return 0;
}

int wr_jpeg_size(const uint8_t *data, size_t length, int *width, int *height, char *error, size_t error_length) {
    return wr_jpeg_read(data, length, NULL, width, height, 0, error, error_length);
}

int wr_jpeg_decode_argb32(const uint8_t *data, size_t length, uint8_t *pixels, int width, int height, int stride,
                          char *error, size_t error_length) {
    if (!pixels) {
        wr_copy_message("no pixels to decode into", error, error_length);
        return 2;
    }
    return wr_jpeg_read(data, length, pixels, &width, &height, stride, error, error_length);
}

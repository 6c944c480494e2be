#include "PNGCodec.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct wr_write_state {
    wr_buffer *buffer;
    int failed;
} wr_write_state;

typedef struct wr_error_state {
    char *message;
    size_t length;
} wr_error_state;

static void wr_write(png_structp png, png_bytep data, png_size_t length) {
    wr_write_state *state = (wr_write_state *)png_get_io_ptr(png);
    wr_buffer *b = state->buffer;
    if (b->length + length > b->capacity) {
        size_t capacity = b->capacity ? b->capacity : 65536;
        while (capacity < b->length + length) capacity *= 2;
        uint8_t *grown = (uint8_t *)realloc(b->data, capacity);
        if (!grown) {
            state->failed = 1;
            png_error(png, "out of memory while growing the PNG buffer");
        }
        b->data = grown;
        b->capacity = capacity;
    }
    memcpy(b->data + b->length, data, length);
    b->length += length;
}

static void wr_flush(png_structp png) { (void)png; }

static void wr_on_error(png_structp png, png_const_charp message) {
    wr_error_state *state = (wr_error_state *)png_get_error_ptr(png);
    if (state && state->message && state->length > 0) {
        snprintf(state->message, state->length, "libpng: %s", message);
    }
    png_longjmp(png, 1);
}

static void wr_on_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

static int wr_has_transparency(const uint8_t *pixels, int width, int height, int stride) {
    for (int y = 0; y < height; y++) {
        const uint32_t *row = (const uint32_t *)(pixels + (size_t)y * (size_t)stride);
        for (int x = 0; x < width; x++) {
            if ((row[x] >> 24) != 0xFF) return 1;
        }
    }
    return 0;
}

static int wr_png_encode_argb32_alpha(const uint8_t *pixels, int width, int height, int stride,
                                      int compression_level, int filters, int always_alpha, wr_buffer *out,
                                      char *error, size_t error_length);

int wr_png_encode_argb32(const uint8_t *pixels, int width, int height, int stride,
                         int compression_level, int filters, wr_buffer *out,
                         char *error, size_t error_length) {
    return wr_png_encode_argb32_alpha(pixels, width, height, stride, compression_level, filters, 0, out, error,
                                      error_length);
}

int wr_png_encode_argb32_rgba(const uint8_t *pixels, int width, int height, int stride,
                              int compression_level, int filters, wr_buffer *out,
                              char *error, size_t error_length) {
    return wr_png_encode_argb32_alpha(pixels, width, height, stride, compression_level, filters, 1, out, error,
                                      error_length);
}

static int wr_png_encode_argb32_alpha(const uint8_t *pixels, int width, int height, int stride,
                                      int compression_level, int filters, int always_alpha, wr_buffer *out,
                                      char *error, size_t error_length) {
    if (error && error_length) error[0] = 0;
    if (!pixels || width <= 0 || height <= 0 || stride < width * 4 || !out) {
        if (error) snprintf(error, error_length, "invalid image: %dx%d, stride %d", width, height, stride);
        return 1;
    }
    const int alpha = always_alpha || wr_has_transparency(pixels, width, height, stride);
    const int channels = alpha ? 4 : 3;

    wr_error_state error_state = {error, error_length};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &error_state, wr_on_error, wr_on_warning);
    if (!png) {
        if (error) snprintf(error, error_length, "libpng: cannot create write struct");
        return 1;
    }
    png_infop info = png_create_info_struct(png);
    uint8_t *volatile row = NULL;
    wr_write_state state = {out, 0};
    if (!info) {
        png_destroy_write_struct(&png, NULL);
        if (error) snprintf(error, error_length, "libpng: cannot create info struct");
        return 1;
    }
    if (setjmp(png_jmpbuf(png))) {
        free(row);
        png_destroy_write_struct(&png, &info);
        return 1;
    }
    row = (uint8_t *)malloc((size_t)width * (size_t)channels);
    if (!row) png_error(png, "out of memory for a row");

    png_set_write_fn(png, &state, wr_write, wr_flush);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8,
                 alpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, compression_level);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, filters);
    png_write_info(png, info);

    for (int y = 0; y < height; y++) {
        const uint32_t *src = (const uint32_t *)(pixels + (size_t)y * (size_t)stride);
        uint8_t *dst = row;
        for (int x = 0; x < width; x++) {
            const uint32_t p = src[x];
            const uint32_t a = p >> 24;
            uint32_t r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF, b = p & 0xFF;
            if (a != 0xFF && a != 0) {
                /* Cairo stores premultiplied colour; PNG wants straight alpha. */
                r = (r * 255 + a / 2) / a;
                g = (g * 255 + a / 2) / a;
                b = (b * 255 + a / 2) / a;
            } else if (a == 0) {
                r = g = b = 0;
            }
            dst[0] = (uint8_t)r;
            dst[1] = (uint8_t)g;
            dst[2] = (uint8_t)b;
            if (alpha) {
                dst[3] = (uint8_t)a;
                dst += 4;
            } else {
                dst += 3;
            }
        }
        png_write_row(png, row);
    }
    png_write_end(png, NULL);
    free(row);
    png_destroy_write_struct(&png, &info);
    return state.failed;
}

int wr_png_encode_grey(const uint8_t *rows, int width, int height, int bit_depth, int compression_level,
                       wr_buffer *out, char *error, size_t error_length) {
    if (error && error_length) error[0] = 0;
    if (!rows || width <= 0 || height <= 0 || !out ||
        (bit_depth != 1 && bit_depth != 2 && bit_depth != 4 && bit_depth != 8)) {
        if (error) snprintf(error, error_length, "invalid grey image: %dx%d at %d bits", width, height, bit_depth);
        return 1;
    }
    const size_t row_bytes = ((size_t)width * (size_t)bit_depth + 7) / 8;
    wr_error_state error_state = {error, error_length};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &error_state, wr_on_error, wr_on_warning);
    if (!png) {
        if (error) snprintf(error, error_length, "libpng: cannot create write struct");
        return 1;
    }
    png_infop info = png_create_info_struct(png);
    wr_write_state state = {out, 0};
    if (!info) {
        png_destroy_write_struct(&png, NULL);
        if (error) snprintf(error, error_length, "libpng: cannot create info struct");
        return 1;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        return 1;
    }
    png_set_write_fn(png, &state, wr_write, wr_flush);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, bit_depth, PNG_COLOR_TYPE_GRAY,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, compression_level);
    /* Packed greys compress best unfiltered; 8-bit grey with Sub. */
    png_set_filter(png, PNG_FILTER_TYPE_BASE, bit_depth == 8 ? PNG_FILTER_SUB : PNG_FILTER_NONE);
    png_write_info(png, info);
    for (int y = 0; y < height; y++) png_write_row(png, (png_const_bytep)(rows + (size_t)y * row_bytes));
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    return state.failed;
}

void wr_buffer_free(wr_buffer *buffer) {
    if (!buffer) return;
    free(buffer->data);
    buffer->data = NULL;
    buffer->length = 0;
    buffer->capacity = 0;
}

const char *wr_png_version(void) { return png_get_libpng_ver(NULL); }

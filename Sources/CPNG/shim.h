#ifndef BLUR_EXPLORER_CPNG_SHIM_H
#define BLUR_EXPLORER_CPNG_SHIM_H
#include <png.h>

/* ======================================================================================
 * Writing: libpng's full write API behind one C function.
 *
 * libpng reports errors by longjmp, which Swift cannot catch, so every libpng call of the
 * write path happens inside cpng_write_rgba, which owns the setjmp. The function converts
 * Float32 RGBA rows to 8 bits one row at a time (no 8-bit copy of the whole image), lets the
 * caller choose the zlib level and the row filters, writes tEXt chunks with png_set_text, and
 * collects the encoded bytes in a malloc'd buffer the caller frees with cpng_free.
 * ====================================================================================== */
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

/* The row filter every write uses (PNG spec section 9): Up, each row minus the row above,
 * which gave the smallest files of blurred images (PNG.Compression). PNG_FILTER_UP is a macro
 * Swift does not import. */
static const int cpng_filters_up = PNG_FILTER_UP;

typedef struct {
    unsigned char *bytes;
    size_t size;
    size_t capacity;
    char *message;
    size_t message_size;
} cpng_sink;

static inline void cpng_sink_write(png_structp png, png_bytep data, png_size_t length) {
    cpng_sink *sink = (cpng_sink *)png_get_io_ptr(png);
    if (sink->size + length > sink->capacity) {
        size_t capacity = sink->capacity ? sink->capacity : 1 << 16;
        while (capacity < sink->size + length) capacity *= 2;
        unsigned char *grown = (unsigned char *)realloc(sink->bytes, capacity);
        if (!grown) png_error(png, "out of memory for the encoded file");
        sink->bytes = grown;
        sink->capacity = capacity;
    }
    memcpy(sink->bytes + sink->size, data, length);
    sink->size += length;
}

static inline void cpng_sink_flush(png_structp png) { (void)png; }

static inline void cpng_sink_error(png_structp png, png_const_charp text) {
    cpng_sink *sink = (cpng_sink *)png_get_error_ptr(png);
    if (sink->message_size > 0) {
        strncpy(sink->message, text, sink->message_size - 1);
        sink->message[sink->message_size - 1] = 0;
    }
    png_longjmp(png, 1);
}

static inline void cpng_sink_warning(png_structp png, png_const_charp text) { (void)png; (void)text; }

/* One value to 8 bits exactly as RGBAImage.quantize does: clamp to 0...1 (NaN to 0), scale by
 * 255 in Float32, round half away from zero. roundf is a library call on baseline x86-64 (SSE2
 * has no rounding instruction) and took as long as zlib's fast level; for 0 < s < 255 the same
 * result is the truncation t plus one when the fraction s - t (exact: s and t are within a
 * factor of two, or t is 0) is at least one half. */
static inline unsigned char cpng_quantize(float v) {
    if (!(v > 0)) return 0;
    if (!(v < 1)) return 255;
    const float s = v * 255.0f;
    const int t = (int)s;
    return (unsigned char)(t + (s - (float)t >= 0.5f));
}

/* One value to 16 bits: clamp to 0...1 (NaN to 0), scale by 65535, round half away from zero. */
static inline unsigned short cpng_quantize16(float v) {
    if (!(v > 0)) return 0;
    if (!(v < 1)) return 65535;
    return (unsigned short)lroundf(v * 65535.0f);
}

/* Encodes width×height interleaved Float32 RGBA as an RGBA PNG of depth 8 or 16 bits a channel
 * (16: big-endian samples, as the PNG spec stores them), or RGB (alpha dropped) when alpha is 0.
 * level: zlib level 0...9; filters: a cpng_filters_* value; keys/values: text_count tEXt
 * chunks (Latin-1). On success returns 1 and sets *out and *out_size (free with cpng_free); on
 * failure returns 0 with a message. */
static inline int cpng_write_rgba(const float *pixels, png_uint_32 width, png_uint_32 height,
                           int alpha, int depth, int level, int filters,
                           const char *const *keys, const char *const *values, int text_count,
                           unsigned char **out, size_t *out_size,
                           char *message, size_t message_size) {
    cpng_sink sink = { NULL, 0, 0, message, message_size };
    unsigned char *volatile row = NULL;
    png_textp volatile text = NULL;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &sink, cpng_sink_error, cpng_sink_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        if (message_size > 0) { strncpy(message, "out of memory", message_size - 1); message[message_size - 1] = 0; }
        png_destroy_write_struct(&png, NULL);
        return 0;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(row);
        free(text);
        free(sink.bytes);
        return 0;
    }
    png_set_write_fn(png, &sink, cpng_sink_write, cpng_sink_flush);
    const size_t channels = alpha ? 4 : 3;
    const size_t bytes = depth == 16 ? 2 : 1;
    png_set_IHDR(png, info, width, height, depth == 16 ? 16 : 8, alpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, level);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, filters);
    if (text_count > 0) {
        text = (png_textp)calloc((size_t)text_count, sizeof(png_text));
        if (!text) png_error(png, "out of memory for text chunks");
        for (int i = 0; i < text_count; i++) {
            text[i].compression = PNG_TEXT_COMPRESSION_NONE;
            text[i].key = (png_charp)keys[i];
            text[i].text = (png_charp)values[i];
            text[i].text_length = strlen(values[i]);
        }
        png_set_text(png, info, text, text_count);
    }
    png_write_info(png, info);
    row = (unsigned char *)malloc((size_t)width * channels * bytes);
    if (!row) png_error(png, "out of memory for a row");
    for (png_uint_32 y = 0; y < height; y++) {
        const float *source = pixels + (size_t)y * width * 4;
        if (bytes == 2) {
            for (size_t x = 0; x < width; x++)
                for (size_t c = 0; c < channels; c++) {
                    unsigned short v = cpng_quantize16(source[4 * x + c]);
                    row[2 * (channels * x + c)] = (unsigned char)(v >> 8);
                    row[2 * (channels * x + c) + 1] = (unsigned char)(v & 0xFF);
                }
        } else if (alpha) {
            for (size_t i = 0; i < (size_t)width * 4; i++) row[i] = cpng_quantize(source[i]);
        } else {
            for (size_t x = 0; x < width; x++)
                for (size_t c = 0; c < 3; c++) row[3 * x + c] = cpng_quantize(source[4 * x + c]);
        }
        png_write_row(png, row);
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    free(row);
    free(text);
    *out = sink.bytes;
    *out_size = sink.size;
    return 1;
}

static inline void cpng_free(void *pointer) { free(pointer); }

#endif

/* PNG reading (classic API, setjmp-guarded): a section of its own. */
#include "read_shim.h"

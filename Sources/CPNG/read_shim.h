#ifndef BLUR_EXPLORER_CPNG_READ_SHIM_H
#define BLUR_EXPLORER_CPNG_READ_SHIM_H
/* Reading PNGs with libpng's classic API (PNG reading only; writing lives in shim.h).
 *
 * The simplified API (png_image_finish_read) decodes 16-bit Adam7-interlaced files with rows
 * from the wrong pass in libpng 1.6.39, cannot lift libpng's default 1,000,000-pixel width and
 * height limits, and inflates the rest of the image data after the last row. This reader takes
 * the encoded file from memory, sets the limits from the caller's, expands every PNG kind to
 * straight-alpha RGBA (8 bits a value, or 16 for a 16-bit file, in the machine's byte order) and stops once the last row is decoded: libpng's last png_read_row
 * would otherwise inflate all remaining image data (png_read_finish_IDAT), so once every row
 * that carries data has passed the (no-op) user transform, the next request for file bytes
 * ends the read as a success. libpng reports errors through longjmp, which Swift cannot catch,
 * hence the setjmp here. */
#include <png.h>
#include <zlib.h>
#include <setjmp.h>
#include <string.h>

typedef struct {
    const unsigned char *bytes;
    size_t count;
    size_t offset;
    unsigned long rows_expected;
    unsigned long rows_seen;
    jmp_buf jump;
    char message[160];
} cpng_read_state;

static void cpng_read_fail(png_structp png, png_const_charp message) {
    cpng_read_state *state = (cpng_read_state *)png_get_error_ptr(png);
    strncpy(state->message, message, sizeof state->message - 1);
    state->message[sizeof state->message - 1] = 0;
    longjmp(state->jump, 1);
}

static void cpng_read_warn(png_structp png, png_const_charp message) {
    (void)png; (void)message;
}

/* Counts rows as libpng finishes transforming them (each is then copied into the image). */
static void cpng_read_count_row(png_structp png, png_row_infop row, png_bytep data) {
    (void)row; (void)data;
    ((cpng_read_state *)png_get_io_ptr(png))->rows_seen += 1;
}

static void cpng_read_bytes(png_structp png, png_bytep out, size_t count) {
    cpng_read_state *state = (cpng_read_state *)png_get_io_ptr(png);
    if (state->rows_expected > 0 && state->rows_seen >= state->rows_expected) longjmp(state->jump, 2);
    if (count > state->count - state->offset) png_error(png, "file ends in the middle of the image data");
    memcpy(out, state->bytes + state->offset, count);
    state->offset += count;
}

/* The CRC-32 of `count` bytes (zlib's, which libpng uses: several bytes a step). */
static inline unsigned long cpng_crc32(const unsigned char *bytes, size_t count) {
    return crc32_z(0L, bytes, count);
}

/* Adds row `y` (`width` RGBA bytes) to the block sums of `small`; after a block's last row,
 * divides them by the block's pixel count. */
static void cpng_reduce_row(const unsigned char *rgba, png_uint_32 width, png_uint_32 height, png_uint_32 y,
                            unsigned factor, float *small) {
    float unit[256];  /* v / 255 as RGBAImage(rgba8:) makes it, without a division per value */
    for (int v = 0; v < 256; v++) unit[v] = (float)v / 255.0f;
    size_t small_width = (width + factor - 1) / factor;
    float *sums = small + (size_t)(y / factor) * small_width * 4;
    for (size_t i = 0; i < small_width; i++) {
        size_t end = (i + 1) * factor < width ? (i + 1) * factor : width;
        float *sum = sums + i * 4;
        for (size_t x = i * factor; x < end; x++) {
            for (int c = 0; c < 4; c++) sum[c] += unit[rgba[x * 4 + c]];
        }
    }
    if ((y + 1) % factor != 0 && y + 1 != height) return;
    png_uint_32 rows = y % factor + 1;
    for (size_t i = 0; i < small_width; i++) {
        png_uint_32 columns = (png_uint_32)((i + 1) * factor <= width ? factor : width - i * factor);
        for (int c = 0; c < 4; c++) sums[i * 4 + c] /= (float)(rows * columns);
    }
}

/* As cpng_read_rgba, or with `factor` > 1 (8 bits, not interlaced): `pixels` is one row of
 * width * 4 bytes, and `small` (⌈width/factor⌉ × ⌈height/factor⌉ × 4 floats) receives each
 * factor × factor block's mean of the values / 255 (the part inside the image at the right and
 * bottom), summed row by row and left to right as RGBAImage.reduced(by:) sums them, so the
 * 12-megapixel upload is never held whole. */
static int cpng_read_rgba_reduced(const unsigned char *bytes, size_t count, png_uint_32 width,
                                  png_uint_32 height, png_uint_32 max_side, void *pixels, int sixteen,
                                  unsigned factor, float *small, char *message, size_t *consumed) {
    unsigned char *rgba = (unsigned char *)pixels;
    cpng_read_state state;
    memset(&state, 0, sizeof state);
    state.bytes = bytes;
    state.count = count;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &state, cpng_read_fail, cpng_read_warn);
    if (png == NULL) { strcpy(message, "out of memory"); return 0; }
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_read_struct(&png, NULL, NULL);
        strcpy(message, "out of memory");
        return 0;
    }
    int jumped = setjmp(state.jump);
    if (jumped == 2) {  /* every row decoded; the rest of the data is not needed */
        /* A reduced read is left inside the last row's png_read_row, the row already written. */
        if (factor > 1) cpng_reduce_row(rgba, width, height, height - 1, factor, small);
        png_destroy_read_struct(&png, &info, NULL);
        *consumed = state.offset;
        return 1;
    }
    if (jumped) {
        png_destroy_read_struct(&png, &info, NULL);
        memcpy(message, state.message, sizeof state.message);
        return 0;
    }
    png_set_read_fn(png, &state, cpng_read_bytes);
    png_set_user_limits(png, max_side, max_side);
    png_read_info(png, info);
    png_uint_32 w = 0, h = 0;
    int depth = 0, colour = 0, interlace = 0;
    png_get_IHDR(png, info, &w, &h, &depth, &colour, &interlace, NULL, NULL);
    if (w != width || h != height) png_error(png, "the header's size changed while reading");
    if (colour == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (colour == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    if (depth == 16 && !sixteen) png_set_scale_16(png);
    if (depth != 16 && sixteen) png_error(png, "16-bit output asked for a file that is not 16-bit");
    if (colour == PNG_COLOR_TYPE_GRAY || colour == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    png_set_filler(png, sixteen ? 0xFFFF : 0xFF, PNG_FILLER_AFTER);
    if (sixteen) {
        const unsigned short probe = 1;
        if (*(const unsigned char *)&probe == 1) png_set_swap(png);  /* PNG stores big-endian */
    }
    /* Files without gAMA are taken as sRGB (as PNGs in the wild are); files with one are
     * converted to sRGB, as the simplified API did. */
    png_set_gamma(png, PNG_DEFAULT_sRGB, PNG_DEFAULT_sRGB);
    int passes = png_set_interlace_handling(png);
    png_set_read_user_transform_fn(png, cpng_read_count_row);
    png_read_update_info(png, info);
    unsigned long expected = 0;
    for (int pass = 0; pass < passes; pass++) {
        if (passes == 1) expected += height;
        else if (PNG_PASS_COLS(width, pass) > 0) expected += PNG_PASS_ROWS(height, pass);
    }
    state.rows_expected = expected;
    size_t stride = (size_t)width * (sixteen ? 8 : 4);
    if (png_get_rowbytes(png, info) != stride) png_error(png, "unexpected row size after expansion to RGBA");
    if (factor > 1) {
        if (sixteen || passes != 1) png_error(png, "a reduced read needs an 8-bit file that is not interlaced");
        for (png_uint_32 y = 0; y < height; y++) {
            png_read_row(png, rgba, NULL);
            cpng_reduce_row(rgba, width, height, y, factor, small);
        }
    } else {
        for (int pass = 0; pass < passes; pass++) {
            for (png_uint_32 y = 0; y < height; y++) png_read_row(png, rgba + (size_t)y * stride, NULL);
        }
    }
    png_destroy_read_struct(&png, &info, NULL);
    *consumed = state.offset;
    return 1;
}

/* Decodes `count` bytes of PNG into `rgba` (width * height * 4 values, rows top to bottom):
 * bytes, or with `sixteen` (for a file of bit depth 16) 16-bit values in the machine's byte
 * order. The file's size must be `width` × `height`, each at most `max_side`. Returns 1 on
 * success, else 0 with a one-line reason in `message` (at least 160 bytes). `consumed`
 * receives how many of the file's bytes libpng asked for. */
static int cpng_read_rgba(const unsigned char *bytes, size_t count, png_uint_32 width,
                          png_uint_32 height, png_uint_32 max_side, void *pixels, int sixteen,
                          char *message, size_t *consumed) {
    return cpng_read_rgba_reduced(bytes, count, width, height, max_side, pixels, sixteen, 1, NULL, message,
                                  consumed);
}

#endif

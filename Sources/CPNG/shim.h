#ifndef BLUR_EXPLORER_CPNG_SHIM_H
#define BLUR_EXPLORER_CPNG_SHIM_H
#include <png.h>

/* Macros Swift does not import (they are built from other macros): re-exported as constants. */
static const png_uint_32 cpng_format_rgba = PNG_FORMAT_RGBA;
static const png_uint_32 cpng_image_version = PNG_IMAGE_VERSION;
static const png_uint_32 cpng_format_flag_alpha = PNG_FORMAT_FLAG_ALPHA;
static const png_uint_32 cpng_format_flag_color = PNG_FORMAT_FLAG_COLOR;
static const png_uint_32 cpng_format_flag_linear = PNG_FORMAT_FLAG_LINEAR;
static const png_uint_32 cpng_format_flag_colormap = PNG_FORMAT_FLAG_COLORMAP;
static const png_uint_32 cpng_image_flag_16bit_srgb = PNG_IMAGE_FLAG_16BIT_sRGB;

#endif

/* PNG reading (classic API, setjmp-guarded): a section of its own. */
#include "read_shim.h"

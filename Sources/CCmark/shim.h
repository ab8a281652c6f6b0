#ifndef BLUR_EXPLORER_CCMARK_SHIM_H
#define BLUR_EXPLORER_CCMARK_SHIM_H
/* GitHub's CommonMark (cmark-gfm) with its table extension: pages render Markdown as GitHub does. */
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>

/* Option macros, re-exported as the int the API takes. */
static const int ccmark_option_unsafe = CMARK_OPT_UNSAFE;
#endif

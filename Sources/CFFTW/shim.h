#ifndef BLUR_EXPLORER_CFFTW_SHIM_H
#define BLUR_EXPLORER_CFFTW_SHIM_H
/* FFTW 3 in single precision (fftwf_*): the fft blur method transforms Float32 images. */
#include <fftw3.h>

/* Planner flags are macros Swift imports as Int32; re-export them as the unsigned the API takes. */
static const unsigned cfftw_estimate = FFTW_ESTIMATE;
static const unsigned cfftw_destroy_input = FFTW_DESTROY_INPUT;
#endif

#ifndef C_SEPARABLE_KERNELS_H
#define C_SEPARABLE_KERNELS_H

// The separable passes' inner loops in 8-wide AVX2 arithmetic, for BlurCore to call when the CPU
// has AVX2 (`blur_avx2_available`). Each adds and multiplies in the order of the Swift loop it
// stands for (LineKernels in Separable.swift and Separable+EightBit.swift), lane by lane, with no
// fused multiply-add, so every result is bit for bit the Swift loop's.

#include <stddef.h>
#include <stdint.h>

/// Asks the cache for the lines of `bytes` bytes from `start` (a hint: reads nothing, on any
/// CPU). For loops that step through rows a page or more apart, where the hardware's prefetchers
/// do not follow.
void blur_prefetch(const void *start, ptrdiff_t bytes);

/// Progress shared by two threads that pipeline one blur: one publishes how many rows it has
/// finished, the other waits for a count. `progress` points to two int32 (the count, and a flag
/// of the waiter's), zero at first, each pair alone in its cache line. `publish` stores the
/// count (sequentially consistent: every write before it is seen by a thread whose `wait` sees
/// the count) and wakes a waiting thread.
void blur_progress_publish(int32_t *progress, int32_t value);
/// Returns once the count is at least `value`: spins briefly, then sleeps until woken (on Linux,
/// a futex), so that a core shared with other work runs the thread it waits for.
void blur_progress_wait(int32_t *progress, int32_t value);

/// 1 when the CPU and the OS run AVX2, else 0.
int blur_avx2_available(void);

/// LineKernels.convolveRow: out[x] = Σₖ weights[k] · padded[x + k], x in 0..<count (RGBA pixels).
void blur_avx2_convolve_row(const float *padded, const float *weights, int taps, int symmetric, int count,
                            float *out);

/// The 8-bit path's horizontal pass over one row of a strip: `blocks` groups of eight pixels, each
/// convolveRow with count 8 from padded + 32 · g, stored at out + g · block_floats.
void blur_avx2_convolve_row_blocks(const float *padded, const float *weights, int taps, int symmetric,
                                   int blocks, float *out, ptrdiff_t block_floats);

/// LineKernels.convolveLanes: eight lanes down a [position][lane] block.
void blur_avx2_convolve_lanes(const float *block, ptrdiff_t position_stride, const float *weights, int taps,
                              int symmetric, int count, float *out, ptrdiff_t out_position_stride,
                              int valid_lanes);

/// LineKernels.convolveRows: one output row from `taps` row pointers.
void blur_avx2_convolve_rows(const float *const *rows, const float *weights, int taps, int symmetric, int count,
                             float *out);

/// The 8-bit path's vertical pass over one block of eight columns: output row y is the sum of
/// rows y … y + taps − 1 (`row_floats` apart) rounded to levels, stored at out + y · out_stride.
void blur_avx2_level_columns(const float *first, ptrdiff_t row_floats, const float *weights, int taps,
                             int symmetric, int height, uint8_t *out, ptrdiff_t out_stride, int valid_lanes);

#endif

#ifndef C_SEPARABLE_KERNELS_H
#define C_SEPARABLE_KERNELS_H

// The passes' inner loops in 8-wide AVX2 arithmetic, for BlurCore to call when the CPU has AVX2
// (`blur_avx2_available`), and the separable passes also 16-wide where it has AVX-512F
// (`blur_avx512_available`). Each adds and multiplies in the order of the Swift loop it
// stands for (LineKernels in Separable.swift and Separable+EightBit.swift), lane by lane, with no
// fused multiply-add, so every result is bit for bit the Swift loop's.

#include <stddef.h>
#include <stdint.h>

/// Asks the cache for the lines of `bytes` bytes from `start` (a hint: reads nothing, on any
/// CPU). For loops that step through rows a page or more apart, where the hardware's prefetchers
/// do not follow.
void blur_prefetch(const void *start, ptrdiff_t bytes);

/// `count` levels as Float32, exactly (the 8-bit path's input).
void blur_levels_to_floats(const uint8_t *levels, float *out, ptrdiff_t count);

/// `count` sums in 0 … 255.5 as levels, rounded to the nearest, ties to even (the 8-bit path's
/// output): the rounding of `LineKernels.levels16`.
void blur_floats_to_levels(const float *sums, uint8_t *out, ptrdiff_t count);

/// blur_levels_to_floats and blur_floats_to_levels in AVX2, the same values.
void blur_avx2_levels_to_floats(const uint8_t *levels, float *out, ptrdiff_t count);
void blur_avx2_floats_to_levels(const float *sums, uint8_t *out, ptrdiff_t count);

/// Asks the cache for the line holding `p` (a hint, as `blur_prefetch`), inline: for a loop that
/// asks for a line or two a step.
static inline void blur_prefetch_line(const void *p) { __builtin_prefetch(p); }

/// One thread telling another: stores `value` in `flag` (sequentially consistent: every write
/// before it is seen by a thread that sees the value) and wakes a thread sleeping there
/// (`blur_wait`).
void blur_publish(int32_t *flag, int32_t value);

/// Returns once `flag` is at least `value`: spinning a while, then (on Linux) sleeping in the
/// kernel until `flag` changes (a futex, which cannot miss the change), so that on a busy machine
/// the thread it waits for gets the core; elsewhere yielding between looks.
void blur_wait(const int32_t *flag, int32_t value);

/// 1 when the CPU and the OS run AVX2, else 0.
int blur_avx2_available(void);

/// 1 when the CPU and the OS run AVX2 and AVX-512F, else 0.
int blur_avx512_available(void);

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

/// blur_avx2_convolve_lanes, blur_avx2_convolve_row and blur_avx2_convolve_rows in 16-wide
/// AVX-512F, the same sums bit for bit: the separable passes (docs/performance.md, "Separable:
/// AVX-512 for the vertical pass" and "Separable: AVX-512 for the horizontal pass too").
void blur_avx512_convolve_lanes(const float *block, ptrdiff_t position_stride, const float *weights, int taps,
                                int symmetric, int count, float *out, ptrdiff_t out_position_stride,
                                int valid_lanes);
void blur_avx512_convolve_row(const float *padded, const float *weights, int taps, int symmetric, int count,
                              float *out);
void blur_avx512_convolve_rows(const float *const *rows, const float *weights, int taps, int symmetric, int count,
                               float *out);

/// The 8-bit path's vertical pass over one block of eight columns: output row y is the sum of
/// rows y … y + taps − 1 (`row_floats` apart) rounded to levels, stored at out + y · out_stride.
void blur_avx2_level_columns(const float *first, ptrdiff_t row_floats, const float *weights, int taps,
                             int symmetric, int height, uint8_t *out, ptrdiff_t out_stride, int valid_lanes);

/// The three horizontal passes of an iterated box (radii r0, r1, r2) over two rows at once (four in
/// AVX-512F, a row in each quarter of a vector), in one sweep along them: pass 1 runs r1 positions behind pass 0 and pass 2 r1 + r2 behind, each reading
/// the previous pass's output from its own line, so the three running sums are independent chains
/// in flight together. Every sum is BoxRows.run's (LineKernels.boxPassPair): the first window
/// added to zero in order, then sum + (head − tail), the last pass times `scale` (stored as it is
/// when `scale` is 1), so the pixels are the Swift passes' bit for bit.
typedef struct {
    /// The image rows, `n` pixels each (a row repeated where there are fewer): two in AVX2, four
    /// in AVX-512F, which read only as many.
    const float *row[4];
    /// Pass 0's padding of each row before and after it, r0 pixels each (the edge mode's pixels).
    const float *left[4];
    const float *right[4];
    /// Where each row's result goes; it may be the row itself when r1 + r2 > r0 (pass 2 writes a
    /// position only after pass 0 has read it for the last time).
    float *out[4];
    /// Scratch: passes 1 and 2's padded lines, as rings of blur_line_ring(r1) and
    /// blur_line_ring(r2) positions of 4 floats a row (position j at j mod the ring's size).
    float *line1;
    float *line2;
    /// Passes 1 and 2's padding maps, r1 (r2) positions each: the position of the previous pass's
    /// output each padding pixel copies, or −1 for zero. Those before the line must be ≤ r1
    /// (≤ r2), which every edge mode but wrap gives.
    const int32_t *left_map1;
    const int32_t *right_map1;
    const int32_t *left_map2;
    const int32_t *right_map2;
    int n, r0, r1, r2;
    float scale;
} BlurBoxRows3;

/// Positions in the ring a pass of radius r keeps its padded line in (BlurBoxRows3's line1 and
/// line2): the least power of two ≥ 3r + 2, so that it holds the 2r + 2 positions the pass reads
/// while the previous pass writes and the r padding positions written at once after the line's
/// end, and at least 64, so that the sweep's steady loop runs many steps between wraps: 4–8 KiB
/// for four rows up to r = 41, which stay in L1. With whole lines (n + 2r positions, as long as the
/// rows) the sweep took 1.17–1.40× as long (docs/performance.md, `bench/row_sweep.c`).
static inline int blur_line_ring(int r) {
    int size = 64;
    while (size < 3 * r + 2) size *= 2;
    return size;
}

/// The horizontal passes of BlurBoxRows3 over two rows in 8-wide AVX2, over four in 16-wide AVX-512F.
void blur_avx2_box_rows3(const BlurBoxRows3 *b);
void blur_avx512_box_rows3(const BlurBoxRows3 *b);

/// The passes of an extended box (radius r, end weight `alpha`, `passes` of them) along two rows
/// at once (four in AVX-512F), in one sweep: pass k runs k·(r + 2) positions behind pass 0, reading the previous
/// pass's output from its own padded line, so the passes' running sums are independent chains
/// in flight together. Every value is LineKernels.extendedPassPair's: the box's first window
/// added to zero in order, then sum + (head − tail), then sum + alpha · (left + right), the last
/// pass times `scale` (stored as it is when `scale` is 1), so the pixels are the Swift passes'
/// bit for bit.
typedef struct {
    /// The image rows, `n` pixels each (a row repeated where there are fewer): two in AVX2, four
    /// in AVX-512F, which read only as many.
    const float *row[4];
    /// Where each row's result goes; it may be the row itself (the rows are copied first).
    float *out[4];
    /// Scratch: one padded line per pass, n + 2(r + 1) positions of 4 floats a row each.
    float *lines;
    /// The padded source map of every pass, n + 2(r + 1) entries: the pixel each position copies,
    /// or −1 for zero. Those before the line must be ≤ r + 1, which every edge mode but wrap gives.
    const int32_t *map;
    int n, r, passes;
    float alpha, scale;
} BlurExtendedRows;

/// The passes of BlurExtendedRows over two rows in 8-wide AVX2, over four in 16-wide AVX-512F.
void blur_avx2_extended_rows(const BlurExtendedRows *b);
void blur_avx512_extended_rows(const BlurExtendedRows *b);

/// Three box passes down `row_count` rows at once, of a box or (`extended`) an extended box
/// (LineKernels.cascadeRows, the same additions and multiplications in the same order, so the
/// same pixels bit for bit): each pass's running sum += newest − tail, and its output the sum,
/// or the extended box's (sum + alpha · tail) − beta · newest, the next pass's newest row; the
/// last pass's output times `scale`.
typedef struct {
    /// Eight row pointers a row, in cascadeRows' order: input, its copy in ring 0 (written when
    /// `copying`), ring 0's tail, ring 1's slot, ring 1's tail, ring 2's slot, ring 2's tail, the
    /// output (16-byte aligned when `streaming`, which writes it with non-temporal stores).
    float *const *rows;
    /// The three running sums, read before the first row and written after the last; a box's
    /// first two only by the Swift loops (below).
    float *sums[3];
    /// A box's passes 0 and 1's output rows before the first row (in rings 1 and 2), which are
    /// their running sums: the AVX2 loop starts those two sums from them and leaves sums[0] and
    /// sums[1] as they were, two stores a step fewer (the caller takes the sums from the rings
    /// when it next needs them). Unread for an extended box, whose outputs are not its sums.
    const float *previous[2];
    /// Floats in a row (a multiple of 4).
    ptrdiff_t floats;
    int row_count, copying, streaming, extended;
    float alpha, beta, scale;
} BlurCascade;

/// BlurCascade in AVX2.
void blur_avx2_cascade(const BlurCascade *c);

/// The stack blur's triangle of radius r along two rows at once, reading the rows where they lie
/// (LineKernels.trianglePassPair, the same additions in the same order, so the same pixels bit
/// for bit): P, the running sum of in(j … j + r), is kept in `partials`, and T, the running sum
/// over the last r + 1 values of P, times `scale` is the output.
typedef struct {
    /// The two image rows, `n` pixels each (the same row twice for a single row).
    const float *row[2];
    /// Where each row's result goes; it may be the row itself.
    float *out[2];
    /// Scratch: the padding of both rows, 2(r + 1) positions of 8 floats, then P, n + r + 1.
    float *scratch;
    /// The padded source map, n + 2(r + 1) entries: the pixel each position copies, or −1 for zero.
    const int32_t *map;
    int n, r;
    float scale;
} BlurTriangleRows;

/// BlurTriangleRows in 8-wide AVX2.
void blur_avx2_triangle_rows(const BlurTriangleRows *b);

#endif

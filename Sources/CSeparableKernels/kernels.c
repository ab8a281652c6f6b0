// See include/CSeparableKernels.h. Compiled with -ffp-contract=off (Package.swift), so no
// multiply and add are fused, not even in the AVX-512F functions, whose target brings FMA with
// it: each lane's arithmetic is the Swift loop's, in the same order.
#include "CSeparableKernels.h"
#include <stdatomic.h>
#include <string.h>
#include <sched.h>
#if defined(__linux__)
#include <limits.h>
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

void blur_publish(int32_t *flag, int32_t value) {
    atomic_store((_Atomic int32_t *)flag, value);
#if defined(__linux__)
    // Wakes the other thread if it sleeps on `flag` (below); a wake with no sleeper does nothing.
    syscall(SYS_futex, flag, FUTEX_WAKE_PRIVATE, INT_MAX, NULL, NULL, 0);
#endif
}

void blur_wait(const int32_t *flag, int32_t value) {
    const _Atomic int32_t *f = (const _Atomic int32_t *)flag;
    for (int spins = 0; spins < 4000; spins++) {
        if (atomic_load(f) >= value) return;
#if defined(__x86_64__)
        __builtin_ia32_pause();
#endif
    }
#if defined(__linux__)
    // The kernel sleeps only while `flag` still holds `seen`, so a store (and its wake) between
    // the load and the wait cannot be lost.
    for (int32_t seen = atomic_load(f); seen < value; seen = atomic_load(f))
        syscall(SYS_futex, flag, FUTEX_WAIT_PRIVATE, seen, NULL, NULL, 0);
#else
    while (atomic_load(f) < value) sched_yield();
#endif
}

void blur_levels_to_floats(const uint8_t *levels, float *out, ptrdiff_t count) {
    for (ptrdiff_t i = 0; i < count; i++) out[i] = (float)levels[i];
}

void blur_floats_to_levels(const float *sums, uint8_t *out, ptrdiff_t count) {
    for (ptrdiff_t i = 0; i < count; i++) {
        // Adding 2^23 rounds to a whole number, ties to even, in the low bits of the pattern.
        float v = sums[i] + 8388608.0f;
        uint32_t bits;
        memcpy(&bits, &v, sizeof bits);
        out[i] = (uint8_t)bits;
    }
}

void blur_prefetch(const void *start, ptrdiff_t bytes) {
    const char *p = (const char *)start;
    for (ptrdiff_t offset = 0; offset < bytes; offset += 64) __builtin_prefetch(p + offset);
    if (bytes > 0) __builtin_prefetch(p + bytes - 1);
}

#if defined(__x86_64__)
#include <immintrin.h>
#include <string.h>

#define AVX2 __attribute__((target("avx2")))
#define AVX512 __attribute__((target("avx2,avx512f")))

int blur_avx2_available(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") ? 1 : 0;
}

int blur_avx512_available(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("avx512f") ? 1 : 0;
}

// One pixel of convolve_rows (its remainder after the groups of eight), 4 floats at `o`.
AVX2 static inline void convolve_rows_pixel(const float *const *rows, const float *weights, int taps, int pairs,
                                            ptrdiff_t o, float *out) {
    __m128 a = _mm_setzero_ps();
    for (int k = 0; k < pairs; k++) {
        __m128 pair = _mm_add_ps(_mm_loadu_ps(rows[k] + o), _mm_loadu_ps(rows[taps - 1 - k] + o));
        a = _mm_add_ps(a, _mm_mul_ps(pair, _mm_set1_ps(weights[k])));
    }
    for (int k = pairs; k < taps - pairs; k++) a = _mm_add_ps(a, _mm_mul_ps(_mm_loadu_ps(rows[k] + o), _mm_set1_ps(weights[k])));
    _mm_storeu_ps(out + o, a);
}

AVX2 void blur_avx2_levels_to_floats(const uint8_t *levels, float *out, ptrdiff_t count) {
    ptrdiff_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m128i bytes = _mm_loadl_epi64((const __m128i *)(levels + i));
        _mm256_storeu_ps(out + i, _mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(bytes)));
    }
    for (; i < count; i++) out[i] = (float)levels[i];
}

AVX2 void blur_avx2_floats_to_levels(const float *sums, uint8_t *out, ptrdiff_t count) {
    // As blur_avx2_level_columns: rounded to the nearest whole number, ties to even (the default
    // rounding), then packed with saturation, which whole numbers in 0…255 pass unchanged.
    const __m256i order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
    ptrdiff_t i = 0;
    for (; i + 32 <= count; i += 32) {
        __m256i i0 = _mm256_cvtps_epi32(_mm256_loadu_ps(sums + i)), i1 = _mm256_cvtps_epi32(_mm256_loadu_ps(sums + i + 8));
        __m256i i2 = _mm256_cvtps_epi32(_mm256_loadu_ps(sums + i + 16)), i3 = _mm256_cvtps_epi32(_mm256_loadu_ps(sums + i + 24));
        __m256i bytes = _mm256_packus_epi16(_mm256_packus_epi32(i0, i1), _mm256_packus_epi32(i2, i3));
        _mm256_storeu_si256((__m256i *)(out + i), _mm256_permutevar8x32_epi32(bytes, order));
    }
    blur_floats_to_levels(sums + i, out + i, count - i);
}

// weighted1 / weighted1Symmetric: one pixel.
AVX2 static inline __m128 weighted1(const float *p, ptrdiff_t stride, const float *weights, int taps, int symmetric) {
    __m128 a = _mm_setzero_ps();
    if (symmetric) {
        const float *low = p, *high = p + (ptrdiff_t)(taps - 1) * stride;
        for (int k = 0; k < taps / 2; k++) {
            __m128 pair = _mm_add_ps(_mm_loadu_ps(low), _mm_loadu_ps(high));
            a = _mm_add_ps(a, _mm_mul_ps(pair, _mm_set1_ps(weights[k])));
            low += stride;
            high -= stride;
        }
        a = _mm_add_ps(a, _mm_mul_ps(_mm_loadu_ps(low), _mm_set1_ps(weights[taps / 2])));
    } else {
        for (int k = 0; k < taps; k++) a = _mm_add_ps(a, _mm_mul_ps(_mm_loadu_ps(p + k * stride), _mm_set1_ps(weights[k])));
    }
    return a;
}

// The loops of wide.h at two widths: 8 floats (AVX2) and 16 (AVX-512F).
#define WIDE(name) blur_avx2_##name
#define WIDE_ON AVX2
#define LANES 8
#define Vec __m256
#define vzero _mm256_setzero_ps
#define vset1 _mm256_set1_ps
#define vload _mm256_loadu_ps
#define vstore _mm256_storeu_ps
#define vadd _mm256_add_ps
#define vmul _mm256_mul_ps
#include "wide.h"

#define WIDE(name) blur_avx512_##name
#define WIDE_ON AVX512
#define LANES 16
#define Vec __m512
#define vzero _mm512_setzero_ps
#define vset1 _mm512_set1_ps
#define vload _mm512_loadu_ps
#define vstore _mm512_storeu_ps
#define vadd _mm512_add_ps
#define vmul _mm512_mul_ps
#include "wide.h"

// The box family's row sweeps (rows_wide.h) at two widths: two rows in AVX2, four in AVX-512F.
#define ROWS_FN(name) blur_avx2_##name
#define ROWS_ON AVX2
#define GROUP 2
#define RF 8
#define RVec __m256
#define r_zero _mm256_setzero_ps
#define r_set1 _mm256_set1_ps
#define r_load _mm256_loadu_ps
#define r_store _mm256_storeu_ps
#define r_add _mm256_add_ps
#define r_sub _mm256_sub_ps
#define r_mul _mm256_mul_ps
#define r_cast128 _mm256_castps128_ps256
#define r_insert128 _mm256_insertf128_ps
#define r_low128 _mm256_castps256_ps128
#define r_extract128 _mm256_extractf128_ps
#include "rows_wide.h"

#define ROWS_FN(name) blur_avx512_##name
#define ROWS_ON AVX512
#define GROUP 4
#define RF 16
#define RVec __m512
#define r_zero _mm512_setzero_ps
#define r_set1 _mm512_set1_ps
#define r_load _mm512_loadu_ps
#define r_store _mm512_storeu_ps
#define r_add _mm512_add_ps
#define r_sub _mm512_sub_ps
#define r_mul _mm512_mul_ps
#define r_cast128 _mm512_castps128_ps512
#define r_insert128 _mm512_insertf32x4
#define r_low128 _mm512_castps512_ps128
#define r_extract128 _mm512_extractf32x4_ps
#include "rows_wide.h"

AVX2 void blur_avx2_convolve_row_blocks(const float *padded, const float *weights, int taps, int symmetric,
                                        int blocks, float *out, ptrdiff_t block_floats) {
    for (int g = 0; g < blocks; g++)
        blur_avx2_store8(blur_avx2_weighted8(padded + 32 * g, 4, weights, taps, symmetric), out + g * block_floats);
}

AVX2 void blur_avx2_level_columns(const float *first, ptrdiff_t row_floats, const float *weights, int taps,
                                  int symmetric, int height, uint8_t *out, ptrdiff_t out_stride, int valid_lanes) {
    // Levels are whole numbers in 0…255 after rounding (ties to even, as adding 2²³ rounds in
    // the Swift loop), so the saturating packs are exact; the permutation undoes their
    // interleaving of the 128-bit halves.
    const __m256i order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
    float sums[64];
    for (int y = 0; y < height; y++) {
        blur_avx2_Pixels8 a;
        if (symmetric && y % 2 == 0 && y + 1 < height) {
            // Rows y and y + 1 in one tap loop (symmetric_pair); row y + 1 is stored next time.
            for (int half = 0; half < 2; half++)
                blur_avx2_symmetric_pair(first + y * row_floats + 16 * half, row_floats, weights, taps / 2,
                                sums + 16 * half, sums + 32 + 16 * half);
            a = blur_avx2_load8(sums);
        } else if (symmetric && y % 2 == 1) {
            a = blur_avx2_load8(sums + 32);
        } else {
            a = blur_avx2_weighted8(first + y * row_floats, row_floats, weights, taps, symmetric);
        }
        __m256i i0 = _mm256_cvtps_epi32(a.v[0]), i1 = _mm256_cvtps_epi32(a.v[1]);
        __m256i i2 = _mm256_cvtps_epi32(a.v[2]), i3 = _mm256_cvtps_epi32(a.v[3]);
        __m256i bytes = _mm256_packus_epi16(_mm256_packus_epi32(i0, i1), _mm256_packus_epi32(i2, i3));
        bytes = _mm256_permutevar8x32_epi32(bytes, order);
        uint8_t *o = out + y * out_stride;
        if (valid_lanes == 8) {
            _mm256_storeu_si256((__m256i *)o, bytes);
        } else {
            uint8_t levels[32];
            _mm256_storeu_si256((__m256i *)levels, bytes);
            memcpy(o, levels, 4 * (size_t)valid_lanes);
        }
    }
}

// Two rows' pixels at a position in one vector (the triangle's sweep), and back.
AVX2 static inline __m256 box_pair(const float *a, const float *c) {
    return _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(a)), _mm_loadu_ps(c), 1);
}

AVX2 static inline void box_store_out(float *out0, float *out1, __m256 c, int unit, __m256 scale, int p) {
    __m256 v = unit ? c : _mm256_mul_ps(c, scale);
    _mm_storeu_ps(out0 + 4 * (ptrdiff_t)p, _mm256_castps256_ps128(v));
    _mm_storeu_ps(out1 + 4 * (ptrdiff_t)p, _mm256_extractf128_ps(v, 1));
}

// The three passes down rows of a box (`EXTENDED` 0) or an extended box (1) (see the header),
// `V` holding 16 floats (two AVX2 vectors: a cache line of each row a step, which measured faster
// than 8), 8, or 4 (the last pixel of a row).
#define CASCADE_COLUMN(EXTENDED, V, LOAD, STORE, STREAM, ADD, SUB, MUL, SET1)                               \
    do {                                                                                                  \
        const V alpha = SET1(c->alpha), beta = SET1(c->beta), scale = SET1(c->scale);                     \
        float *const s0 = c->sums[0] + x, *const s1 = c->sums[1] + x, *const s2 = c->sums[2] + x;         \
        V a = LOAD(EXTENDED ? s0 : c->previous[0] + x), b = LOAD(EXTENDED ? s1 : c->previous[1] + x);      \
        V d = LOAD(s2);                                                                                   \
        float *const *p = c->rows;                                                                        \
        for (int u = 0; u < c->row_count; u++, p += 8) {                                                  \
            const V in = LOAD(p[0] + x);                                                                  \
            if (c->copying) STORE(p[1] + x, in);                                                          \
            const V t0 = LOAD(p[2] + x);                                                                  \
            a = ADD(a, SUB(in, t0));                                                                      \
            const V o0 = EXTENDED ? SUB(ADD(a, MUL(alpha, t0)), MUL(beta, in)) : a;                       \
            STORE(p[3] + x, o0);                                                                          \
            const V t1 = LOAD(p[4] + x);                                                                  \
            b = ADD(b, SUB(o0, t1));                                                                      \
            const V o1 = EXTENDED ? SUB(ADD(b, MUL(alpha, t1)), MUL(beta, o0)) : b;                       \
            STORE(p[5] + x, o1);                                                                          \
            const V t2 = LOAD(p[6] + x);                                                                  \
            d = ADD(d, SUB(o1, t2));                                                                      \
            const V o2 = MUL(EXTENDED ? SUB(ADD(d, MUL(alpha, t2)), MUL(beta, o1)) : d, scale);           \
            if (c->streaming) STREAM(p[7] + x, o2); else STORE(p[7] + x, o2);                             \
        }                                                                                                 \
        if (EXTENDED) {                                                                                   \
            STORE(s0, a);                                                                                 \
            STORE(s1, b);                                                                                 \
        }                                                                                                 \
        STORE(s2, d);                                                                                     \
    } while (0)

// Non-temporal stores of 8 floats at a 16-byte aligned address: one store where it is 32-byte
// aligned, else two halves.
AVX2 static inline void stream8(float *p, __m256 v) {
    if (((uintptr_t)p & 31) == 0) {
        _mm256_stream_ps(p, v);
    } else {
        _mm_stream_ps(p, _mm256_castps256_ps128(v));
        _mm_stream_ps(p + 4, _mm256_extractf128_ps(v, 1));
    }
}

// 16 floats (a cache line) as two AVX2 vectors.
typedef struct { __m256 lo, hi; } Floats16;
AVX2 static inline Floats16 load16(const float *p) { return (Floats16){_mm256_loadu_ps(p), _mm256_loadu_ps(p + 8)}; }
AVX2 static inline void store16(float *p, Floats16 v) { _mm256_storeu_ps(p, v.lo); _mm256_storeu_ps(p + 8, v.hi); }
AVX2 static inline void stream16x2(float *p, Floats16 v) { stream8(p, v.lo); stream8(p + 8, v.hi); }
AVX2 static inline Floats16 add16(Floats16 a, Floats16 b) { return (Floats16){_mm256_add_ps(a.lo, b.lo), _mm256_add_ps(a.hi, b.hi)}; }
AVX2 static inline Floats16 sub16(Floats16 a, Floats16 b) { return (Floats16){_mm256_sub_ps(a.lo, b.lo), _mm256_sub_ps(a.hi, b.hi)}; }
AVX2 static inline Floats16 mul16(Floats16 a, Floats16 b) { return (Floats16){_mm256_mul_ps(a.lo, b.lo), _mm256_mul_ps(a.hi, b.hi)}; }
AVX2 static inline Floats16 set16(float v) { return (Floats16){_mm256_set1_ps(v), _mm256_set1_ps(v)}; }

#define CASCADE_AVX2(EXTENDED)                                                                             \
    for (; x + 16 <= c->floats; x += 16)                                                                  \
        CASCADE_COLUMN(EXTENDED, Floats16, load16, store16, stream16x2, add16, sub16, mul16, set16);      \
    for (; x + 8 <= c->floats; x += 8)                                                                    \
        CASCADE_COLUMN(EXTENDED, __m256, _mm256_loadu_ps, _mm256_storeu_ps, stream8, _mm256_add_ps,       \
                       _mm256_sub_ps, _mm256_mul_ps, _mm256_set1_ps)
#define CASCADE_SSE(EXTENDED)                                                                              \
    for (; x < c->floats; x += 4)                                                                         \
        CASCADE_COLUMN(EXTENDED, __m128, _mm_loadu_ps, _mm_storeu_ps, _mm_stream_ps, _mm_add_ps, _mm_sub_ps, \
                       _mm_mul_ps, _mm_set1_ps)

AVX2 void blur_avx2_cascade(const BlurCascade *c) {
    ptrdiff_t x = 0;
    if (c->extended) {
        CASCADE_AVX2(1);
        CASCADE_SSE(1);
    } else {
        CASCADE_AVX2(0);
        CASCADE_SSE(0);
    }
}

#undef CASCADE_AVX2
#undef CASCADE_SSE
#undef CASCADE_COLUMN

// The triangle over two rows (see the header). Pixel x of the rows (−r − 1 ≤ x < n + r): the
// padding before the rows, the rows, the padding after them.
AVX2 static inline __m256 triangle_pixel(const BlurTriangleRows *b, const float *pad, int x) {
    const int e = b->r + 1;
    if (x < 0) return _mm256_loadu_ps(pad + 8 * (ptrdiff_t)(x + e));
    if (x < b->n) return box_pair(b->row[0] + 4 * (ptrdiff_t)x, b->row[1] + 4 * (ptrdiff_t)x);
    return _mm256_loadu_ps(pad + 8 * (ptrdiff_t)(e + x - b->n));
}

AVX2 void blur_avx2_triangle_rows(const BlurTriangleRows *b) {
    const int n = b->n, r = b->r, e = r + 1;
    float *pad = b->scratch, *partial = b->scratch + 8 * 2 * (ptrdiff_t)e + 8 * (ptrdiff_t)e;
    // partial + 8j is P(j), j ≥ −r − 1.
    const __m256 scale = _mm256_set1_ps(b->scale);
    for (int k = 0; k < e; k++) {
        int before = b->map[k], after = b->map[n + e + k];
        __m256 v = before < 0 ? _mm256_setzero_ps() : box_pair(b->row[0] + 4 * (ptrdiff_t)before, b->row[1] + 4 * (ptrdiff_t)before);
        _mm256_storeu_ps(pad + 8 * (ptrdiff_t)k, v);
        v = after < 0 ? _mm256_setzero_ps() : box_pair(b->row[0] + 4 * (ptrdiff_t)after, b->row[1] + 4 * (ptrdiff_t)after);
        _mm256_storeu_ps(pad + 8 * (ptrdiff_t)(e + k), v);
    }
    __m256 p = _mm256_setzero_ps();
    for (int x = -r - 1; x < 0; x++) p = _mm256_add_ps(p, triangle_pixel(b, pad, x));
    _mm256_storeu_ps(partial - 8 * (ptrdiff_t)e, p);
    __m256 t = p;
    for (int j = -r; j <= 0; j++) {
        p = _mm256_add_ps(p, _mm256_sub_ps(triangle_pixel(b, pad, j + r), triangle_pixel(b, pad, j - 1)));
        _mm256_storeu_ps(partial + 8 * (ptrdiff_t)j, p);
        t = j == -r ? p : _mm256_add_ps(t, p);
    }
    // The rows may be the outputs: pixel x is read last at step x + 1 (as x − 1), so output x is
    // stored one step late, after that read.
    const float *row0 = b->row[0], *row1 = b->row[1];
    __m256 previous = t;
    int x = 1;
    for (; x < n - r; x++) {
        // Every pixel read is in the rows: ask for them a kilobyte ahead, as the other sweeps do.
        _mm_prefetch((const char *)(row0 + 4 * (ptrdiff_t)(x + r) + 256), _MM_HINT_T0);
        _mm_prefetch((const char *)(row1 + 4 * (ptrdiff_t)(x + r) + 256), _MM_HINT_T0);
        const ptrdiff_t h = 4 * (ptrdiff_t)(x + r), l = 4 * (ptrdiff_t)(x - 1);
        p = _mm256_add_ps(p, _mm256_sub_ps(box_pair(row0 + h, row1 + h), box_pair(row0 + l, row1 + l)));
        _mm256_storeu_ps(partial + 8 * (ptrdiff_t)x, p);
        t = _mm256_add_ps(t, _mm256_sub_ps(p, _mm256_loadu_ps(partial + 8 * (ptrdiff_t)(x - r - 1))));
        box_store_out(b->out[0], b->out[1], previous, 0, scale, x - 1);
        previous = t;
    }
    for (; x < n; x++) {
        p = _mm256_add_ps(p, _mm256_sub_ps(triangle_pixel(b, pad, x + r), triangle_pixel(b, pad, x - 1)));
        _mm256_storeu_ps(partial + 8 * (ptrdiff_t)x, p);
        t = _mm256_add_ps(t, _mm256_sub_ps(p, _mm256_loadu_ps(partial + 8 * (ptrdiff_t)(x - r - 1))));
        box_store_out(b->out[0], b->out[1], previous, 0, scale, x - 1);
        previous = t;
    }
    box_store_out(b->out[0], b->out[1], previous, 0, scale, n - 1);
}

#else
// Other CPUs: no AVX2; BlurCore never calls the kernels.
int blur_avx2_available(void) { return 0; }
int blur_avx512_available(void) { return 0; }
void blur_avx512_convolve_lanes(const float *block, ptrdiff_t position_stride, const float *weights, int taps,
                                int symmetric, int count, float *out, ptrdiff_t out_position_stride,
                                int valid_lanes) {}
void blur_avx512_convolve_rows(const float *const *rows, const float *weights, int taps, int symmetric, int count,
                               float *out) {}
void blur_avx512_convolve_row(const float *padded, const float *weights, int taps, int symmetric, int count,
                              float *out) {}
void blur_avx2_convolve_row(const float *padded, const float *weights, int taps, int symmetric, int count,
                            float *out) {}
void blur_avx2_convolve_row_blocks(const float *padded, const float *weights, int taps, int symmetric,
                                   int blocks, float *out, ptrdiff_t block_floats) {}
void blur_avx2_convolve_lanes(const float *block, ptrdiff_t position_stride, const float *weights, int taps,
                              int symmetric, int count, float *out, ptrdiff_t out_position_stride,
                              int valid_lanes) {}
void blur_avx2_convolve_rows(const float *const *rows, const float *weights, int taps, int symmetric, int count,
                             float *out) {}
void blur_avx2_level_columns(const float *first, ptrdiff_t row_floats, const float *weights, int taps,
                             int symmetric, int height, uint8_t *out, ptrdiff_t out_stride, int valid_lanes) {}
void blur_avx2_box_rows3(const BlurBoxRows3 *b) {}
void blur_avx2_extended_rows(const BlurExtendedRows *b) {}
void blur_avx512_extended_rows(const BlurExtendedRows *b) {}
void blur_avx512_box_rows3(const BlurBoxRows3 *b) {}
void blur_avx2_triangle_rows(const BlurTriangleRows *b) {}
void blur_avx2_cascade(const BlurCascade *c) {}
void blur_avx2_levels_to_floats(const uint8_t *levels, float *out, ptrdiff_t count) {}
void blur_avx2_floats_to_levels(const float *sums, uint8_t *out, ptrdiff_t count) {}
#endif

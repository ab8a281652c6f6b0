// The separable passes' loops written once for a vector width, included by kernels.c once per
// width: `WIDE(name)` names a function of this width (blur_avx2_name, blur_avx512_name), `WIDE_ON`
// is its target attribute, and `Vec` holds `LANES` floats with `vzero`, `vset1`, `vload`,
// `vstore`, `vadd` and `vmul`. Every width adds and multiplies each float in the same order, so
// every width gives the same sums bit for bit. The parameters are undefined at the end.

// Eight RGBA pixels (32 floats) as 32 / LANES vectors.
#define VECS (32 / LANES)
typedef struct { Vec v[VECS]; } WIDE(Pixels8);

WIDE_ON static inline WIDE(Pixels8) WIDE(load8)(const float *p) {
    WIDE(Pixels8) r;
    for (int i = 0; i < VECS; i++) r.v[i] = vload(p + LANES * i);
    return r;
}

WIDE_ON static inline void WIDE(store8)(WIDE(Pixels8) a, float *out) {
    for (int i = 0; i < VECS; i++) vstore(out + LANES * i, a.v[i]);
}

// weighted8 / weighted8Symmetric: Σ of `taps` groups of eight pixels `stride` floats apart.
WIDE_ON static inline WIDE(Pixels8) WIDE(weighted8)(const float *p, ptrdiff_t stride, const float *weights, int taps,
                                                   int symmetric) {
    WIDE(Pixels8) a;
    for (int i = 0; i < VECS; i++) a.v[i] = vzero();
    if (symmetric) {
        const float *low = p, *high = p + (ptrdiff_t)(taps - 1) * stride;
        for (int k = 0; k < taps / 2; k++) {
            Vec w = vset1(weights[k]);
            for (int i = 0; i < VECS; i++)
                a.v[i] = vadd(a.v[i], vmul(vadd(vload(low + LANES * i), vload(high + LANES * i)), w));
            low += stride;
            high -= stride;
        }
        Vec w = vset1(weights[taps / 2]);
        for (int i = 0; i < VECS; i++) a.v[i] = vadd(a.v[i], vmul(vload(low + LANES * i), w));
    } else {
        const float *q = p;
        for (int k = 0; k < taps; k++) {
            Vec w = vset1(weights[k]);
            for (int i = 0; i < VECS; i++) a.v[i] = vadd(a.v[i], vmul(vload(q + LANES * i), w));
            q += stride;
        }
    }
    return a;
}

// Symmetric sums for two neighbouring positions at once, 2 · LANES floats (two vectors) at a
// time. The pairs of position p are (x[p + k] + x[p + 2R − k]), those of p + 1 are (x[p + 1 + k] +
// x[p + 2R + 1 − k]): each tap's two loads serve both, as x[p + 1 + k] is p's low at tap k + 1 and
// x[p + 2R − k] is p + 1's high at tap k + 1. Each position's additions are weighted8's, in its
// order, so the sums are the same to the bit; only the loads are halved.
#define PAIR_FLOATS (2 * LANES)
WIDE_ON static inline void WIDE(symmetric_pair)(const float *x, ptrdiff_t stride, const float *weights, int r,
                                                float *out0, float *out1) {
    Vec a0 = vzero(), a1 = a0, b0 = a0, b1 = a0;
    Vec low0 = vload(x), low1 = vload(x + LANES);
    const float *previous = x + (ptrdiff_t)(2 * r + 1) * stride;
    Vec high0p = vload(previous), high1p = vload(previous + LANES);
    const float *next = x + stride, *high = x + (ptrdiff_t)(2 * r) * stride;
    for (int k = 0; k < r; k++) {
        Vec w = vset1(weights[k]);
        Vec next0 = vload(next), next1 = vload(next + LANES);
        Vec high0 = vload(high), high1 = vload(high + LANES);
        a0 = vadd(a0, vmul(vadd(low0, high0), w));
        a1 = vadd(a1, vmul(vadd(low1, high1), w));
        b0 = vadd(b0, vmul(vadd(next0, high0p), w));
        b1 = vadd(b1, vmul(vadd(next1, high1p), w));
        low0 = next0;
        low1 = next1;
        high0p = high0;
        high1p = high1;
        next += stride;
        high -= stride;
    }
    Vec w = vset1(weights[r]);
    a0 = vadd(a0, vmul(low0, w));
    a1 = vadd(a1, vmul(low1, w));
    b0 = vadd(b0, vmul(vload(next), w));
    b1 = vadd(b1, vmul(vload(next + LANES), w));
    vstore(out0, a0);
    vstore(out0 + LANES, a1);
    vstore(out1, b0);
    vstore(out1 + LANES, b1);
}

WIDE_ON void WIDE(convolve_lanes)(const float *block, ptrdiff_t position_stride, const float *weights, int taps,
                                  int symmetric, int count, float *out, ptrdiff_t out_position_stride,
                                  int valid_lanes) {
    int p = 0;
    if (symmetric && valid_lanes == 8) {
        // Two positions at a time (docs/performance.md, "Separable: two rows per tap loop").
        for (; p + 2 <= count; p += 2) {
            const float *x = block + p * position_stride;
            float *o = out + p * out_position_stride;
            for (int part = 0; part < 32 / PAIR_FLOATS; part++)
                WIDE(symmetric_pair)(x + PAIR_FLOATS * part, position_stride, weights, taps / 2,
                                     o + PAIR_FLOATS * part, o + out_position_stride + PAIR_FLOATS * part);
        }
    }
    for (; p < count; p++) {
        WIDE(Pixels8) a = WIDE(weighted8)(block + p * position_stride, position_stride, weights, taps, symmetric);
        float *o = out + p * out_position_stride;
        if (valid_lanes == 8) {
            WIDE(store8)(a, o);
        } else {
            float lanes[32];
            WIDE(store8)(a, lanes);
            memcpy(o, lanes, sizeof(float) * 4 * (size_t)valid_lanes);
        }
    }
}

WIDE_ON void WIDE(convolve_rows)(const float *const *rows, const float *weights, int taps, int symmetric, int count,
                                 float *out) {
    int pairs = symmetric ? taps / 2 : 0;
    int x = 0;
    for (; x + 8 <= count; x += 8) {
        ptrdiff_t o = 4 * (ptrdiff_t)x;
        WIDE(Pixels8) a;
        for (int i = 0; i < VECS; i++) a.v[i] = vzero();
        for (int k = 0; k < pairs; k++) {
            Vec w = vset1(weights[k]);
            const float *low = rows[k] + o, *high = rows[taps - 1 - k] + o;
            for (int i = 0; i < VECS; i++)
                a.v[i] = vadd(a.v[i], vmul(vadd(vload(low + LANES * i), vload(high + LANES * i)), w));
        }
        for (int k = pairs; k < taps - pairs; k++) {
            Vec w = vset1(weights[k]);
            const float *q = rows[k] + o;
            for (int i = 0; i < VECS; i++) a.v[i] = vadd(a.v[i], vmul(vload(q + LANES * i), w));
        }
        WIDE(store8)(a, out + o);
    }
    for (; x < count; x++) convolve_rows_pixel(rows, weights, taps, pairs, 4 * (ptrdiff_t)x, out);
}

// convolve_row: the horizontal pass over a padded row, eight pixels at a time (weighted8), the
// last few one at a time (weighted1, 4-wide in every width).
WIDE_ON void WIDE(convolve_row)(const float *padded, const float *weights, int taps, int symmetric, int count,
                                float *out) {
    int x = 0;
    for (; x + 8 <= count; x += 8) WIDE(store8)(WIDE(weighted8)(padded + 4 * x, 4, weights, taps, symmetric), out + 4 * x);
    for (; x < count; x++) _mm_storeu_ps(out + 4 * x, weighted1(padded + 4 * x, 4, weights, taps, symmetric));
}

#undef VECS
#undef PAIR_FLOATS
#undef WIDE
#undef WIDE_ON
#undef LANES
#undef Vec
#undef vzero
#undef vset1
#undef vload
#undef vstore
#undef vadd
#undef vmul

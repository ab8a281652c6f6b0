// The box family's sweeps along the rows (the iterated box's three passes, the extended box's)
// written once for a number of rows at a time, included by kernels.c once per width:
// `ROWS_FN(name)` names a function of this width (blur_avx2_name: two rows in AVX2,
// blur_avx512_name: four in AVX-512F), `ROWS_ON` is its target attribute, and `RVec` holds the
// pixel of each of `GROUP` rows at one position (4 · GROUP floats, `RF`), row k's in lane
// quarter k, with `r_zero`, `r_set1`, `r_load`, `r_store`, `r_add`, `r_sub` and `r_mul`.
// Every width makes each row's additions and multiplications in the Swift passes' order, so
// every width gives the same pixels bit for bit. The parameters are undefined at the end.

// The pixel at float offset `o` of each of the GROUP rows `p`, one row a lane group.
ROWS_ON static inline RVec ROWS_FN(group_load)(const float *const *p, ptrdiff_t o) {
    RVec v = r_cast128(_mm_loadu_ps(p[0] + o));
    v = r_insert128(v, _mm_loadu_ps(p[1] + o), 1);
#if GROUP == 4
    v = r_insert128(v, _mm_loadu_ps(p[2] + o), 2);
    v = r_insert128(v, _mm_loadu_ps(p[3] + o), 3);
#endif
    return v;
}

// Pixel p of each row's output: lane group k to `out[k]`, times `scale` unless `unit`.
ROWS_ON static inline void ROWS_FN(group_store)(float *const *out, RVec v, int unit, RVec scale, int p) {
    if (!unit) v = r_mul(v, scale);
    const ptrdiff_t o = 4 * (ptrdiff_t)p;
    _mm_storeu_ps(out[0] + o, r_low128(v));
    _mm_storeu_ps(out[1] + o, r_extract128(v, 1));
#if GROUP == 4
    _mm_storeu_ps(out[2] + o, r_extract128(v, 2));
    _mm_storeu_ps(out[3] + o, r_extract128(v, 3));
#endif
}

// The padding of a pass's interleaved line (RF floats a position): `count` positions from `first`
// copied from the positions `map` names (−1: zero) `shift` positions on, as
// LineKernels.fillPadding does; each position taken `& mask` (a ring's size less one, or −1 for
// a whole line).
ROWS_ON static void ROWS_FN(fill)(float *line, int mask, int shift, int first, int count, const int32_t *map) {
    for (int k = 0; k < count; k++) {
        RVec v = map[k] < 0 ? r_zero() : r_load(line + RF * (ptrdiff_t)((map[k] + shift) & mask));
        r_store(line + RF * (ptrdiff_t)((first + k) & mask), v);
    }
}

// The iterated box's three horizontal passes over GROUP rows at once, in one sweep (see the
// header). The three passes' chains of additions are independent of one another, so the
// additions overlap where three separate passes each wait on their own chain.

// Pixel j (padded) of pass 0's line of each row: the left padding, the row, the right padding.
ROWS_ON static inline RVec ROWS_FN(box_line0)(const BlurBoxRows3 *b, int j) {
    const float *p[GROUP];
    for (int k = 0; k < GROUP; k++) {
        if (j < b->r0) p[k] = b->left[k] + 4 * (ptrdiff_t)j;
        else if (j < b->r0 + b->n) p[k] = b->row[k] + 4 * (ptrdiff_t)(j - b->r0);
        else p[k] = b->right[k] + 4 * (ptrdiff_t)(j - b->r0 - b->n);
    }
    return ROWS_FN(group_load)(p, 0);
}

ROWS_ON void ROWS_FN(box_rows3)(const BlurBoxRows3 *b) {
    const int n = b->n, r0 = b->r0, r1 = b->r1, r2 = b->r2;
    float *const line1 = b->line1, *const line2 = b->line2;
    const int m1 = blur_line_ring(r1) - 1, m2 = blur_line_ring(r2) - 1;
#define L1(j) (line1 + RF * (ptrdiff_t)((j) & m1))
#define L2(j) (line2 + RF * (ptrdiff_t)((j) & m2))
    float *const *outs = b->out;
    const int unit = b->scale == 1.0f;
    const RVec scale = r_set1(b->scale);
    RVec a = r_zero(), s1 = a, s2 = a;
    // The steps where every pass slides and pass 0 reads only the rows: no branch but the loop's.
    const int fastFirst = (r0 + 1 > r1 + r2 + 1) ? r0 + 1 : r1 + r2 + 1, fastEnd = n - r0;
    const int steps = n + r1 + r2;
    for (int s = 0; s < steps; s++) {
        if (s >= fastFirst && s < fastEnd) {
            const float *h[GROUP];
            for (int k = 0; k < GROUP; k++) h[k] = b->row[k] + 4 * (ptrdiff_t)(s + r0);
            const ptrdiff_t back = 4 * (ptrdiff_t)(2 * r0 + 1);
            for (ptrdiff_t o = 0; s < fastEnd;) {
                // The steps until one of the four line positions wraps around its ring: plain
                // pointers, one offset for all four.
                int run = fastEnd - s;
#define UNTIL_WRAP(j, m) if ((m) + 1 - ((j) & (m)) < run) run = (m) + 1 - ((j) & (m))
                UNTIL_WRAP(s + r1, m1);
                UNTIL_WRAP(s - r1 - 1, m1);
                UNTIL_WRAP(s - r1 + r2, m2);
                UNTIL_WRAP(s - r1 - r2 - 1, m2);
#undef UNTIL_WRAP
                char *const w1 = (char *)L1(s + r1), *const w2 = (char *)L2(s - r1 + r2);
                const char *const t1 = (const char *)L1(s - r1 - 1), *const t2 = (const char *)L2(s - r1 - r2 - 1);
                const int first = s;
                for (ptrdiff_t q = 0; s < first + run; s++, o += 4, q += RF * sizeof(float)) {
                    // The rows come from memory: ask for them a kilobyte ahead (a hint; past the
                    // row's end it reads nothing).
                    for (int k = 0; k < GROUP; k++) _mm_prefetch((const char *)(h[k] + o + 256), _MM_HINT_T0);
                    a = r_add(a, r_sub(ROWS_FN(group_load)(h, o), ROWS_FN(group_load)(h, o - back)));
                    r_store((float *)(w1 + q), a);
                    s1 = r_add(s1, r_sub(a, r_load((const float *)(t1 + q))));
                    r_store((float *)(w2 + q), s1);
                    s2 = r_add(s2, r_sub(s1, r_load((const float *)(t2 + q))));
                    ROWS_FN(group_store)(outs, s2, unit, scale, s - r1 - r2);
                }
            }
            if (s >= steps) break;
        }
        if (s < n) {
            if (s == 0) {
                for (int j = 0; j <= 2 * r0; j++) a = r_add(a, ROWS_FN(box_line0)(b, j));
            } else {
                a = r_add(a, r_sub(ROWS_FN(box_line0)(b, s + 2 * r0), ROWS_FN(box_line0)(b, s - 1)));
            }
            r_store(L1(s + r1), a);
        }
        if (s == n) ROWS_FN(fill)(line1, m1, r1, r1 + n, r1, b->right_map1);
        const int p1 = s - r1;
        if (p1 >= 0 && p1 < n) {
            if (p1 == 0) {
                ROWS_FN(fill)(line1, m1, r1, 0, r1, b->left_map1);
                for (int j = 0; j <= 2 * r1; j++) s1 = r_add(s1, r_load(L1(j)));
            } else {
                s1 = r_add(s1, r_sub(r_load(L1(p1 + 2 * r1)), r_load(L1(p1 - 1))));
            }
            r_store(L2(p1 + r2), s1);
        }
        if (p1 == n) ROWS_FN(fill)(line2, m2, r2, r2 + n, r2, b->right_map2);
        const int p2 = p1 - r2;
        if (p2 >= 0 && p2 < n) {
            if (p2 == 0) {
                ROWS_FN(fill)(line2, m2, r2, 0, r2, b->left_map2);
                for (int j = 0; j <= 2 * r2; j++) s2 = r_add(s2, r_load(L2(j)));
            } else {
                s2 = r_add(s2, r_sub(r_load(L2(p2 + 2 * r2)), r_load(L2(p2 - 1))));
            }
            ROWS_FN(group_store)(outs, s2, unit, scale, p2);
        }
    }
}
#undef L1
#undef L2

// The extended box's passes over GROUP rows at once, in one sweep (see the header). Line k holds
// pass k's input, position j = pixel j − e (e = r + 1); pass k's output pixel x is written to
// line k + 1 at x + e, or to the rows after the last pass.
ROWS_ON void ROWS_FN(extended_rows)(const BlurExtendedRows *b) {
    const int n = b->n, r = b->r, e = r + 1, passes = b->passes, lag = e + 1;
    const ptrdiff_t positions = n + 2 * e;
    const RVec alpha = r_set1(b->alpha), scale = r_set1(b->scale);
    const int unit = b->scale == 1.0f;
    const float *const *rows = b->row;
    float *const *outs = b->out;
    // Three passes read pass 0's pixels from the rows where they lie in the steady part (below),
    // so line 0 holds only the positions the other steps read: those before the steady part's
    // first far pixel, and from its last tail on.
    const int steadyFirst = 2 * lag + 1, steadyEnd = n - e;
    const int steady = passes == 3 && steadyFirst < steadyEnd;
    for (ptrdiff_t j = 0; j < positions; j++) {
        if (steady && j == steadyFirst + 2 * e && steadyEnd - 1 > j) j = steadyEnd - 1;
        int src = b->map[j];
        RVec v = src < 0 ? r_zero() : ROWS_FN(group_load)(rows, 4 * (ptrdiff_t)src);
        r_store(b->lines + RF * j, v);
    }
    RVec sums[passes];
    const int steps = n + (passes - 1) * lag;
    for (int s = 0; s < steps; s++) {
        if (steady && s >= steadyFirst && s < steadyEnd) {
            // Every pass slides, none fills padding, and pass 0's tail, head and far pixel are
            // in the rows: the three sums in registers, no branch but the loop's.
            float *l1 = b->lines + RF * positions, *l2 = l1 + RF * positions;
            RVec s0 = sums[0], s1 = sums[1], s2 = sums[2];
            const ptrdiff_t head = RF * (2 * r + 1), far = RF * 2 * e, to = RF * e;
            // A pass's far pixel at step s is its head at step s + 1 (one position on), already
            // written by the pass before: each is loaded once, as the far pixel, and kept.
            const ptrdiff_t x0 = 4 * (ptrdiff_t)(s - e) + 4 * (2 * r + 1);
            RVec h0 = ROWS_FN(group_load)(rows, x0);
            RVec h1 = r_load(l1 + RF * (ptrdiff_t)(s - lag) + head);
            RVec h2 = r_load(l2 + RF * (ptrdiff_t)(s - 2 * lag) + head);
            for (; s < steadyEnd; s++) {
                const ptrdiff_t x = 4 * (ptrdiff_t)(s - e);
                // The rows come from memory: ask for them a kilobyte ahead (a hint; past the
                // row's end it reads nothing), as box_rows3 does.
                for (int k = 0; k < GROUP; k++)
                    _mm_prefetch((const char *)(rows[k] + x + 2 * 4 * e + 256), _MM_HINT_T0);
                const float *i1 = l1 + RF * (ptrdiff_t)(s - lag), *i2 = l2 + RF * (ptrdiff_t)(s - 2 * lag);
                RVec t0 = ROWS_FN(group_load)(rows, x), t1 = r_load(i1), t2 = r_load(i2);
                const RVec f0 = ROWS_FN(group_load)(rows, x + 4 * 2 * e), f1 = r_load(i1 + far),
                           f2 = r_load(i2 + far);
                s0 = r_add(s0, r_sub(h0, t0));
                s1 = r_add(s1, r_sub(h1, t1));
                s2 = r_add(s2, r_sub(h2, t2));
                h0 = f0;
                h1 = f1;
                h2 = f2;
                RVec v0 = r_add(s0, r_mul(alpha, r_add(t0, f0)));
                RVec v1 = r_add(s1, r_mul(alpha, r_add(t1, f1)));
                RVec v2 = r_add(s2, r_mul(alpha, r_add(t2, f2)));
                r_store(l1 + RF * (ptrdiff_t)s + to, v0);
                r_store(l2 + RF * (ptrdiff_t)(s - lag) + to, v1);
                ROWS_FN(group_store)(outs, v2, unit, scale, s - 2 * lag);
            }
            sums[0] = s0;
            sums[1] = s1;
            sums[2] = s2;
        }
        for (int k = 0; k < passes; k++) {
            const int p = s - k * lag;
            if (p < 0 || p >= n) continue;
            float *line = b->lines + RF * positions * k;
            RVec sum;
            if (p == 0) {
                if (k > 0) ROWS_FN(fill)(line, -1, e, 0, e, b->map);
                sum = r_zero();
                for (int i = 1; i <= 2 * r + 1; i++) sum = r_add(sum, r_load(line + RF * (ptrdiff_t)i));
            } else {
                sum = r_add(sums[k], r_sub(r_load(line + RF * (ptrdiff_t)(p + 2 * r + 1)),
                                           r_load(line + RF * (ptrdiff_t)p)));
            }
            sums[k] = sum;
            RVec ends = r_add(r_load(line + RF * (ptrdiff_t)p), r_load(line + RF * (ptrdiff_t)(p + 2 * e)));
            RVec v = r_add(sum, r_mul(alpha, ends));
            if (k < passes - 1) {
                float *next = line + RF * positions;
                r_store(next + RF * (ptrdiff_t)(p + e), v);
                if (p == n - 1) ROWS_FN(fill)(next, -1, e, n + e, e, b->map + n + e);
            } else {
                ROWS_FN(group_store)(outs, v, unit, scale, p);
            }
        }
    }
}

#undef ROWS_FN
#undef ROWS_ON
#undef GROUP
#undef RF
#undef RVec
#undef r_zero
#undef r_set1
#undef r_load
#undef r_store
#undef r_add
#undef r_sub
#undef r_mul
#undef r_cast128
#undef r_insert128
#undef r_low128
#undef r_extract128

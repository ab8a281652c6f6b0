// The iterated box's row sweep alone (blur_avx512_box_rows3, or blur_avx2_box_rows3 with two
// rows), as the fused sweep runs it: four rows at a time down a 2048 × 2048 RGBA float image, each
// group written into a ring of full-width rows, and no vertical passes. Prints the fastest of 15
// sweeps in ns per pixel. Build it against the package's kernels, from the repository's root:
//
//   cc -O2 -ffp-contract=off -I Sources/CSeparableKernels/include -o /tmp/row_sweep bench/row_sweep.c Sources/CSeparableKernels/kernels.c
//   /tmp/row_sweep R0 R1 R2 RING [ROWS]
//
// R0, R1, R2: the three passes' radii (the explorer's iterated box at σ = 2, 10, 25 has 1 1 2,
// 9 9 10 and 24 24 25); RING: rows in the ring (the fused sweep's ring 0 has 2·R0 + 5); ROWS: 4
// (AVX-512F, the default) or 2 (AVX2). Scratch is sized for every version of the sweep: lines of
// a whole row and more.
#include "CSeparableKernels.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static void *scratch(size_t bytes) {
    void *p = aligned_alloc(64, (bytes + 63) / 64 * 64);
    if (!p) {
        fprintf(stderr, "row_sweep: out of memory\n");
        exit(1);
    }
    memset(p, 0, bytes);
    return p;
}

int main(int argc, char **argv) {
    if (argc < 5) {
        fprintf(stderr, "usage: row_sweep R0 R1 R2 RING [ROWS]\n");
        return 64;
    }
    const int n = 2048, height = 2048;
    const int r0 = atoi(argv[1]), r1 = atoi(argv[2]), r2 = atoi(argv[3]), ring = atoi(argv[4]);
    const int rows = argc > 5 ? atoi(argv[5]) : 4;
    if (r0 < 1 || r1 < 1 || r2 < 1 || r0 > 200 || r1 > 200 || r2 > 200 || r1 + r2 <= r0 || ring < rows ||
        ring > 1000 || (rows != 2 && rows != 4)) {
        fprintf(stderr, "row_sweep: radii 1–200 with R1 + R2 > R0, RING ≥ ROWS and ≤ 1000, ROWS 2 or 4\n");
        return 64;
    }
    if (rows == 4 ? !blur_avx512_available() : !blur_avx2_available()) {
        fprintf(stderr, "row_sweep: this CPU lacks %s\n", rows == 4 ? "AVX-512F" : "AVX2");
        return 1;
    }
    const size_t rowFloats = 4 * (size_t)n, ringFloats = rowFloats + 16;
    float *image = scratch(rowFloats * height * sizeof(float));
    for (size_t i = 0; i < rowFloats * height; i++) image[i] = (float)(i % 255);
    float *slots = scratch(ringFloats * ring * sizeof(float));
    const int rMax = r1 > r2 ? r1 : r2;
    float *line1 = scratch(4 * rows * (size_t)(n + 2 * rMax + 256) * sizeof(float));
    float *line2 = scratch(4 * rows * (size_t)(n + 2 * rMax + 256) * sizeof(float));
    float *pad[8];
    for (int k = 0; k < 8; k++) pad[k] = scratch(4 * (size_t)(r0 + 1) * sizeof(float));
    // Clamped edges: padding before the line copies its first pixel, after it its last (the maps
    // name pixels of the previous pass's output).
    int32_t *before1 = scratch(4 * (size_t)r1), *after1 = scratch(4 * (size_t)r1);
    int32_t *before2 = scratch(4 * (size_t)r2), *after2 = scratch(4 * (size_t)r2);
    for (int k = 0; k < r1; k++) before1[k] = 0, after1[k] = n - 1;
    for (int k = 0; k < r2; k++) before2[k] = 0, after2[k] = n - 1;
    double best = 1e9;
    for (int sweep = 0; sweep < 15; sweep++) {
        const double start = now();
        for (int y = 0; y + rows <= height; y += rows) {
            BlurBoxRows3 b;
            memset(&b, 0, sizeof b);
            for (int k = 0; k < rows; k++) {
                b.row[k] = image + rowFloats * (y + k);
                b.out[k] = slots + ringFloats * ((y + k) % ring);
                b.left[k] = pad[2 * k];
                b.right[k] = pad[2 * k + 1];
            }
            b.line1 = line1;
            b.line2 = line2;
            b.left_map1 = before1;
            b.right_map1 = after1;
            b.left_map2 = before2;
            b.right_map2 = after2;
            b.n = n;
            b.r0 = r0;
            b.r1 = r1;
            b.r2 = r2;
            b.scale = 1.0f / 4096;
            if (rows == 4) blur_avx512_box_rows3(&b);
            else blur_avx2_box_rows3(&b);
        }
        const double seconds = now() - start;
        if (seconds < best) best = seconds;
    }
    printf("r = %d, %d, %d, ring of %d rows, %d rows at once: %.3f ns/px\n", r0, r1, r2, ring, rows,
           best * 1e9 / ((double)n * height));
    return 0;
}

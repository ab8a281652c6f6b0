/* The machine's own two-thread speed-ups, beside which a blur's is read: interleaved rounds (5, or
 * the first argument, 1…100) of
 * - the memory floor: a 2048×2048 RGBA Float32 image (64 MiB) copied by memcpy, split in two
 *   halves for two threads, the median of 7 copies, in ns per pixel. A blur that reads and writes
 *   the whole image cannot scale past this ratio;
 * - arithmetic alone: 2²⁶ steps of eight independent multiply-add chains in registers (no memory),
 *   split in two halves for two threads, the median of 7 runs, in ms. On a machine whose second
 *   core is shared (a virtual machine's vCPU), this is what the cores give that round, and no blur
 *   scales past it either.
 * Both buffers are on huge pages where Linux gives them (madvise), as the explorer's images are
 * (PixelMemory.preferHugePages) and NumPy's arrays.
 * `bench/threads.py` runs one round of it beside each round of the blurs.
 *
 *     cc -O2 -pthread -o /tmp/copy_threads bench/copy_threads.c && /tmp/copy_threads
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#define PIXELS (2048 * 2048)
#define FLOATS (4 * PIXELS)

static float *source, *target;
static int threads;

static void *copyPart(void *argument) {
    long part = (long)argument;
    size_t count = FLOATS / threads;
    memcpy(target + part * count, source + part * count, count * sizeof(float));
    return NULL;
}

/* Eight chains of x ← x·m + c, each step dependent on the last: the cores' arithmetic, no memory. */
static volatile float computeSink;
static void *computePart(void *argument) {
    (void)argument;
    long steps = (1L << 26) / threads;
    float x[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    for (long n = 0; n < steps; n++)
        for (int i = 0; i < 8; i++) x[i] = x[i] * 0.9999999f + 1e-7f;
    computeSink = x[0] + x[1] + x[2] + x[3] + x[4] + x[5] + x[6] + x[7];
    return NULL;
}

/* The median of 7 runs of `part` on `threads` threads, in seconds. */
static double median7(void *(*part)(void *));

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static int ascending(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    int rounds = argc > 1 ? atoi(argv[1]) : 5;
    if (rounds < 1 || rounds > 100) {
        fprintf(stderr, "copy_threads: rounds (%s) must be 1…100\n", argv[1]);
        return 64;
    }
    // Aligned to 2 MiB and asked for huge pages before the first write.
    source = aligned_alloc(2 << 20, FLOATS * sizeof(float));
    target = aligned_alloc(2 << 20, FLOATS * sizeof(float));
    if (!source || !target) return 1;
#if defined(MADV_HUGEPAGE)
    madvise(source, FLOATS * sizeof(float), MADV_HUGEPAGE);
    madvise(target, FLOATS * sizeof(float), MADV_HUGEPAGE);
#endif
    for (size_t i = 0; i < FLOATS; i++) { source[i] = (float)i; target[i] = 0; }
    double ratios[100], computeRatios[100];
    for (int round = 0; round < rounds; round++) {
        double copy[3], compute[3];
        for (threads = 1; threads <= 2; threads++) {
            copy[threads] = median7(copyPart) * 1e9 / PIXELS;
            compute[threads] = median7(computePart) * 1e3;
        }
        ratios[round] = copy[1] / copy[2];
        computeRatios[round] = compute[1] / compute[2];
        printf("round %d: one thread %.2f ns/px, two threads %.2f ns/px, speed-up %.2f×; "
               "arithmetic: one thread %.1f ms, two threads %.1f ms, speed-up %.2f×\n",
               round + 1, copy[1], copy[2], ratios[round], compute[1], compute[2], computeRatios[round]);
    }
    qsort(ratios, rounds, sizeof(double), ascending);
    qsort(computeRatios, rounds, sizeof(double), ascending);
    int m = rounds / 2;
    printf("median speed-up on two threads: the copy %.2f×, arithmetic %.2f×\n",
           rounds % 2 ? ratios[m] : (ratios[m - 1] + ratios[m]) / 2,
           rounds % 2 ? computeRatios[m] : (computeRatios[m - 1] + computeRatios[m]) / 2);
    return 0;
}

static double median7(void *(*part)(void *)) {
    double seconds[7];
    for (int run = 0; run < 7; run++) {
        pthread_t id[2];
        double start = now();
        for (long t = 0; t < threads; t++) pthread_create(&id[t], NULL, part, (void *)t);
        for (int t = 0; t < threads; t++) pthread_join(id[t], NULL);
        seconds[run] = now() - start;
    }
    qsort(seconds, 7, sizeof(double), ascending);
    return seconds[3];
}

/* The memory floor on one thread and on two: a 2048×2048 RGBA Float32 image (64 MiB) copied by
 * memcpy, split in two halves for two threads; interleaved rounds (5, or the first argument,
 * 1…100), each the median of 7 copies, in ns per pixel. A blur that reads and writes the whole
 * image cannot scale past this ratio. `bench/threads.py` runs one round of it beside each round
 * of the blurs.
 *
 *     cc -O2 -pthread -o /tmp/copy_threads bench/copy_threads.c && /tmp/copy_threads
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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
    source = aligned_alloc(64, FLOATS * sizeof(float));
    target = aligned_alloc(64, FLOATS * sizeof(float));
    if (!source || !target) return 1;
    for (size_t i = 0; i < FLOATS; i++) { source[i] = (float)i; target[i] = 0; }
    double ratios[100];
    for (int round = 0; round < rounds; round++) {
        double median[3];
        for (threads = 1; threads <= 2; threads++) {
            double seconds[7];
            for (int run = 0; run < 7; run++) {
                pthread_t id[2];
                double start = now();
                for (long t = 0; t < threads; t++) pthread_create(&id[t], NULL, copyPart, (void *)t);
                for (int t = 0; t < threads; t++) pthread_join(id[t], NULL);
                seconds[run] = now() - start;
            }
            qsort(seconds, 7, sizeof(double), ascending);
            median[threads] = seconds[3] * 1e9 / PIXELS;
        }
        ratios[round] = median[1] / median[2];
        printf("round %d: one thread %.2f ns/px, two threads %.2f ns/px, speed-up %.2f×\n", round + 1, median[1],
               median[2], ratios[round]);
    }
    qsort(ratios, rounds, sizeof(double), ascending);
    double median = rounds % 2 ? ratios[rounds / 2] : (ratios[rounds / 2 - 1] + ratios[rounds / 2]) / 2;
    printf("median speed-up of the copy on two threads: %.2f×\n", median);
    return 0;
}

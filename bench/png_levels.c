/* zlib level × PNG row filter, through the explorer's own C shim (Sources/CPNG/shim.h).
 *
 * Reads a PNG, converts it to Float32 RGBA as the explorer holds images, and times
 * cpng_write_rgba at zlib levels 1, 2, 3, 4, 6, 9 with no filter, Sub, Up, Paeth and libpng's
 * adaptive choice among all five, printing seconds and the encoded size. This chose the levels
 * and the filter of `PNG.Compression`.
 *
 *     cc -O2 bench/png_levels.c -o /tmp/png_levels $(pkg-config --cflags --libs libpng) -lm
 *     /tmp/png_levels blurred.png          # every filter
 *     /tmp/png_levels blurred.png 2        # Up only (0 none, 1 Sub, 2 Up, 3 Paeth, 4 all)
 *     /tmp/png_levels blurred.png 2 rgb    # Up only, written as RGB (alpha dropped)
 */
#include "../Sources/CPNG/shim.h"
#include <stdio.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: %s FILE.png [FILTER [rgb]]\n", argv[0]); return 64; }
    const int alpha = !(argc > 3 && strcmp(argv[3], "rgb") == 0);
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&image, argv[1])) { fprintf(stderr, "%s: %s\n", argv[1], image.message); return 1; }
    image.format = PNG_FORMAT_RGBA;
    size_t count = (size_t)image.width * image.height * 4;
    unsigned char *bytes = malloc(count);
    float *pixels = malloc(count * sizeof(float));
    if (!bytes || !pixels || !png_image_finish_read(&image, NULL, bytes, 0, NULL)) { fprintf(stderr, "cannot read %s\n", argv[1]); return 1; }
    for (size_t i = 0; i < count; i++) pixels[i] = bytes[i] / 255.0f;
    const int levels[] = {1, 2, 3, 4, 6, 9};
    const struct { const char *name; int filters; } filters[] = {
        {"none", PNG_FILTER_NONE}, {"Sub", PNG_FILTER_SUB}, {"Up", PNG_FILTER_UP},
        {"Paeth", PNG_FILTER_PAETH}, {"all", PNG_ALL_FILTERS}};
    printf("%s, %u×%u, written as %s\n", argv[1], image.width, image.height, alpha ? "RGBA" : "RGB");
    for (int l = 0; l < 6; l++) {
        for (int f = 0; f < 5; f++) {
            if (argc > 2 && f != atoi(argv[2])) continue;
            unsigned char *out;
            size_t size;
            char message[128];
            double start = now();
            if (!cpng_write_rgba(pixels, image.width, image.height, alpha, 8, levels[l], filters[f].filters,
                                 NULL, NULL, 0, &out, &size, message, sizeof message)) {
                fprintf(stderr, "%s\n", message);
                return 1;
            }
            printf("level %d  filters %-5s %7.3f s %8.2f MB\n", levels[l], filters[f].name, now() - start, size / 1e6);
            fflush(stdout);
            cpng_free(out);
        }
    }
    return 0;
}

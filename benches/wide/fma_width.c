// What 128-bit vectors leave on the table on this machine: the same FMA-bound loop with
// 128-, 256- and 512-bit vectors (GCC vector extensions, so the width is the type's, not
// the compiler's choice), and an L1-resident triad y = a * x + y at each width. One
// thread; best of several interleaved runs. Build and run: benches/wide/run.sh.
#include <stdio.h>
#include <string.h>
#include <time.h>

#define CHAINS 12
#define ITERS 2000000L
#define N 2048 /* floats per triad array: 8 KiB each, in L1 */
#define TRIAD_REPS 200000L

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

#define WIDTH(BITS)                                                                       \
    typedef float v##BITS __attribute__((vector_size(BITS / 8)));                         \
    __attribute__((noinline)) static double fma_##BITS(float seed) {                     \
        v##BITS acc[CHAINS], a, b;                                                        \
        for (int k = 0; k < (int)(BITS / 32); k++) { a[k] = 0.999f; b[k] = 0.001f; }      \
        for (int c = 0; c < CHAINS; c++)                                                  \
            for (int k = 0; k < (int)(BITS / 32); k++) acc[c][k] = seed + c + k;          \
        double t0 = now();                                                                \
        for (long i = 0; i < ITERS; i++)                                                  \
            for (int c = 0; c < CHAINS; c++) acc[c] = acc[c] * a + b;                     \
        double t = now() - t0;                                                            \
        float s = 0;                                                                      \
        for (int c = 0; c < CHAINS; c++)                                                  \
            for (int k = 0; k < (int)(BITS / 32); k++) s += acc[c][k];                    \
        if (s == 12345.0f) puts("");                                                      \
        return 2.0 * (BITS / 32) * CHAINS * ITERS / t / 1e9;                              \
    }                                                                                     \
    __attribute__((noinline)) static double triad_##BITS(float *x, float *y) {            \
        v##BITS a;                                                                        \
        for (int k = 0; k < (int)(BITS / 32); k++) a[k] = 1.0001f;                        \
        double t0 = now();                                                                \
        for (long r = 0; r < TRIAD_REPS; r++) {                                           \
            for (int i = 0; i < N; i += BITS / 32) {                                      \
                v##BITS xv, yv;                                                           \
                memcpy(&xv, x + i, sizeof xv);                                            \
                memcpy(&yv, y + i, sizeof yv);                                            \
                yv = a * xv + yv;                                                         \
                memcpy(y + i, &yv, sizeof yv);                                            \
            }                                                                             \
            __asm__ volatile("" ::: "memory");                                            \
        }                                                                                 \
        double t = now() - t0;                                                            \
        return 2.0 * N * TRIAD_REPS / t / 1e9;                                            \
    }

WIDTH(128)
WIDTH(256)
WIDTH(512)

int main(void) {
    static float x[N] __attribute__((aligned(64))), y[N] __attribute__((aligned(64)));
    for (int i = 0; i < N; i++) { x[i] = i * 1e-3f; y[i] = 1.0f; }
    double best[2][3] = {{0}};
    for (int round = 0; round < 5; round++) {
        double f[3] = {fma_128(round), fma_256(round), fma_512(round)};
        double t[3] = {triad_128(x, y), triad_256(x, y), triad_512(x, y)};
        for (int w = 0; w < 3; w++) {
            if (f[w] > best[0][w]) best[0][w] = f[w];
            if (t[w] > best[1][w]) best[1][w] = t[w];
        }
    }
    printf("fma_gflops_128=%.1f fma_gflops_256=%.1f fma_gflops_512=%.1f\n", best[0][0], best[0][1], best[0][2]);
    printf("l1_triad_gflops_128=%.1f l1_triad_gflops_256=%.1f l1_triad_gflops_512=%.1f\n", best[1][0], best[1][1],
           best[1][2]);
    return 0;
}

/* STREAM-style triad a[i] = b[i] + s * c[i] on float arrays far larger than the caches,
 * parallelised with OpenMP (OMP_NUM_THREADS, default: all cores). Prints the best and the
 * median bandwidth over the timed repetitions, counting 12 bytes per element as STREAM
 * does (no write-allocate traffic).
 *
 * Build: cc -O3 -march=native -fopenmp triad.c -o triad   (benches/compare.py does this)
 * Run:   ./triad [elements] [repetitions]
 * Output: one line `best_gbs=X median_gbs=Y elements=N threads=T`.
 */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static int cmp_double(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1L << 25;
    int reps = argc > 2 ? atoi(argv[2]) : 20;
    if (n <= 0 || reps <= 0) {
        fprintf(stderr, "usage: triad [elements > 0] [repetitions > 0]\n");
        return 2;
    }
    float *a = aligned_alloc(64, n * sizeof(float) + 64);
    float *b = aligned_alloc(64, n * sizeof(float) + 64);
    float *c = aligned_alloc(64, n * sizeof(float) + 64);
    double *t = malloc(reps * sizeof(double));
    if (!a || !b || !c || !t) {
        fprintf(stderr, "triad: cannot allocate 3 arrays of %ld floats\n", n);
        return 1;
    }
    const float s = 3.0f;
    /* First touch in parallel, with the same static schedule as the timed loop. */
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; i++) {
        a[i] = 0.0f;
        b[i] = 1.0f;
        c[i] = 2.0f;
    }
    for (int r = 0; r < reps; r++) {
        double t0 = omp_get_wtime();
#pragma omp parallel for schedule(static)
        for (long i = 0; i < n; i++)
            a[i] = b[i] + s * c[i];
        t[r] = omp_get_wtime() - t0;
    }
    for (long i = 0; i < n; i += n / 7 + 1)
        if (a[i] != 7.0f) {
            fprintf(stderr, "triad: wrong result a[%ld] = %g\n", i, a[i]);
            return 1;
        }
    /* The first repetition warms up; the rest are reported. */
    qsort(t + 1, reps - 1, sizeof(double), cmp_double);
    double bytes = 3.0 * sizeof(float) * (double)n;
    double best = reps > 1 ? t[1] : t[0];
    double median = reps > 1 ? t[1 + (reps - 1) / 2] : t[0];
    printf("best_gbs=%.2f median_gbs=%.2f elements=%ld threads=%d\n", bytes / best / 1e9, bytes / median / 1e9, n,
           omp_get_max_threads());
    free(a);
    free(b);
    free(c);
    free(t);
    return 0;
}

// build-spir32
// Module-scope __constant tables (int, float, a struct array and a string) indexed by
// data-dependent values, and a __constant pointer argument.
typedef struct { short a; char b; int c; } Entry;
__constant int primes[16] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53};
__constant float weights[5] = {0.0625f, 0.25f, 0.375f, 0.25f, 0.0625f};
__constant Entry entries[4] = {{1, -2, 300000}, {-4, 5, -6}, {7, 8, 9}, {-32768, -128, 2147483647}};
__constant char message[] = "spirjit";

__kernel void constant_table(__global const uint *in, __constant int *coeff, __global int *out,
                             __global float *fout)
{
    size_t g = get_global_id(0);
    uint v = in[g];
    Entry e = entries[v % 4];
    out[4 * g] = primes[v % 16] * coeff[v % 3];
    out[4 * g + 1] = e.a + e.b + e.c;
    out[4 * g + 2] = message[v % 7];
    out[4 * g + 3] = entries[(v >> 4) % 4].c;
    float acc = 0.0f;
    for (int k = 0; k < 5; ++k)
        acc += weights[k] * (float)((v >> k) & 15);
    fout[g] = acc;
}

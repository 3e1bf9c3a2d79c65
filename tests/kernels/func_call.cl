// Helper functions called from the kernel (kept as real calls with noinline, and at -O0
// every call stays): by value, through a private pointer, and a helper calling another.
__attribute__((noinline)) int poly(int x, int a, int b)
{
    return x * x * a + b;
}

__attribute__((noinline)) void minmax(__global const int *p, int n, int *lo, int *hi)
{
    *lo = p[0];
    *hi = p[0];
    for (int i = 1; i < n; ++i) {
        *lo = min(*lo, p[i]);
        *hi = max(*hi, p[i]);
    }
}

__attribute__((noinline)) float blend(float a, float b, int w)
{
    return a + (b - a) * ((float)poly(w, 1, 0) / 64.0f);
}

__kernel void func_call(__global const int *in, __global int *out, __global float *fout)
{
    size_t g = get_global_id(0);
    int lo, hi;
    minmax(in + g * 4, 4, &lo, &hi);
    out[3 * g] = lo;
    out[3 * g + 1] = hi;
    out[3 * g + 2] = poly(in[g * 4] & 255, 3, -7);
    fout[g] = blend((float)lo, (float)hi, (int)(g & 7));
}

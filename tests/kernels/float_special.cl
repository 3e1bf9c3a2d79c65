// Special float values: NaN, infinities, signed zeros and denormals through comparisons
// (ordered/unordered), isnan/isinf/isfinite/signbit, fmin/fmax with NaN, and
// arithmetic that produces them. out[i*10+k] as int flags / float bits.
__kernel void float_special(__global const float *a, __global const float *b, __global int *flags,
                            __global float *out)
{
    size_t i = get_global_id(0);
    float x = a[i], y = b[i];
    flags[i] = (x < y) | (x <= y) << 1 | (x > y) << 2 | (x >= y) << 3 | (x == y) << 4 | (x != y) << 5
             | isnan(x) << 6 | isinf(x) << 7 | isfinite(x) << 8 | signbit(x) << 9
             | isordered(x, y) << 10 | isunordered(x, y) << 11 | !(x < y) << 12 | isnormal(x) << 13;
    __global float *o = out + i * 6;
    o[0] = x * y;
    o[1] = x / y;
    o[2] = fmin(x, y);
    o[3] = fmax(x, y);
    o[4] = x - x;
    o[5] = x + 0.0f;
}

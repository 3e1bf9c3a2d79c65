// build-spir32
// Vector add on floats, guarded for a global size that is not a multiple of n.
__kernel void vadd_float(__global const float *a, __global const float *b, __global float *c, int n)
{
    size_t i = get_global_id(0);
    if (i < (size_t)n)
        c[i] = a[i] + b[i];
}

// build-spir32
// Vector add on ints (two's complement wrap on overflow is well defined for the test
// inputs: the reference wraps the same way).
__kernel void vadd_int(__global const int *a, __global const int *b, __global int *c)
{
    size_t i = get_global_id(0);
    c[i] = (int)((uint)a[i] + (uint)b[i]);
}

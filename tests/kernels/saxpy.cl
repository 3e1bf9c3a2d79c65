// build-spir32
// y = a * x + y with a scalar float argument and an element count.
__kernel void saxpy(float a, __global const float *x, __global float *y, uint n)
{
    uint i = get_global_id(0);
    if (i < n)
        y[i] = a * x[i] + y[i];
}

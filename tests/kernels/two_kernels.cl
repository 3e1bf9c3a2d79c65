// build-spir32
// Two kernels in one module, sharing a helper: scale writes, offset_add reads and writes.
int helper(int x, int k)
{
    return x * k - 1;
}

__kernel void scale(__global int *data, int k)
{
    size_t i = get_global_id(0);
    data[i] = helper(data[i], k);
}

__kernel void offset_add(__global const int *a, __global int *b, int off)
{
    size_t i = get_global_id(0);
    b[i] = helper(a[i], 2) + off + (int)i;
}

// Vectors in local memory: an int4 kernel-scope __local array and a __local float2
// pointer argument; neighbours are exchanged through them across a barrier.
__kernel void local_vectors(__global const int4 *a, __global const float2 *b, __global int4 *out,
                            __global float2 *fout, __local float2 *fl)
{
    __local int4 il[32];
    int l = get_local_id(0);
    int n = get_local_size(0);
    int g = get_global_id(0);
    il[l] = a[g];
    fl[l] = b[g];
    barrier(CLK_LOCAL_MEM_FENCE);
    int4 x = il[(l + 1) % n];
    float2 y = fl[n - 1 - l];
    out[g] = x.wzyx + il[l];
    fout[g] = y * (float2)(2.0f, -1.0f);
}

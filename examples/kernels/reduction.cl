// Sum reduction: each work-group adds its elements in __local scratch memory (a tree
// with a barrier per step) and writes one partial sum. Local size: a power of two.
__kernel void reduce(__global const float *in, __global float *partial, uint n, __local float *scratch)
{
    uint lid = get_local_id(0);
    uint gid = get_global_id(0);
    scratch[lid] = gid < n ? in[gid] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (lid < s)
            scratch[lid] += scratch[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        partial[get_group_id(0)] = scratch[0];
}

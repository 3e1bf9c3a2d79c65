// build-spir32
// Tree reduction in local memory with a barrier inside the loop: one partial sum per
// work-group. Local size must be a power of two; items past n contribute 0.
__kernel void reduce_sum(__global const int *in, __global int *partial, uint n, __local int *scratch)
{
    uint lid = get_local_id(0);
    uint gid = get_global_id(0);
    scratch[lid] = gid < n ? in[gid] : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (lid < s)
            scratch[lid] += scratch[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        partial[get_group_id(0)] = scratch[0];
}

// Barriers inside a uniform conditional (the condition depends only on a kernel
// argument and the group id) and inside a uniform loop with a variable trip count:
// rotates a local array by `shift` places `rounds` times.
__kernel void barrier_cond(__global const int *in, __global int *out, int mode, int rounds,
                           __local int *tile)
{
    int lid = get_local_id(0);
    int n = get_local_size(0);
    int gid = get_global_id(0);
    tile[lid] = in[gid];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (mode > 0 && (get_group_id(0) & 1) == 0) {
        for (int r = 0; r < rounds; ++r) {
            int v = tile[(lid + mode) % n];
            barrier(CLK_LOCAL_MEM_FENCE);
            tile[lid] = v + 1;
            barrier(CLK_LOCAL_MEM_FENCE);
        }
    } else {
        int v = tile[n - 1 - lid];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[lid] = v * 2;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[gid] = tile[lid];
}

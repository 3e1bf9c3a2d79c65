// Float tree reduction with a kernel-scope __local array (local size 64) and a
// sequential-addressing loop; also writes the group's maximum.
#define WG 64
__kernel void reduce_float(__global const float *in, __global float *sums, __global float *maxs, uint n)
{
    __local float s_sum[WG];
    __local float s_max[WG];
    uint lid = get_local_id(0);
    uint gid = get_global_id(0);
    float v = gid < n ? in[gid] : 0.0f;
    s_sum[lid] = v;
    s_max[lid] = gid < n ? v : -INFINITY;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = WG / 2; s > 0; s >>= 1) {
        if (lid < s) {
            s_sum[lid] += s_sum[lid + s];
            s_max[lid] = fmax(s_max[lid], s_max[lid + s]);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) {
        sums[get_group_id(0)] = s_sum[0];
        maxs[get_group_id(0)] = s_max[0];
    }
}

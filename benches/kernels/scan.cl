// Scan with barriers: inclusive prefix sum of each 256-element block (Hillis-Steele in
// local memory, double-buffered); block totals go to `sums`. Local size 256.
#define WG 256
__kernel void scan(__global const int *in, __global int *out, __global int *sums)
{
    __local int buf[2][WG];
    int lid = get_local_id(0);
    int gid = get_global_id(0);
    int src = 0;
    buf[0][lid] = in[gid];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int off = 1; off < WG; off <<= 1) {
        int v = buf[src][lid];
        if (lid >= off)
            v += buf[src][lid - off];
        buf[1 - src][lid] = v;
        src = 1 - src;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[gid] = buf[src][lid];
    if (lid == WG - 1)
        sums[get_group_id(0)] = buf[src][lid];
}

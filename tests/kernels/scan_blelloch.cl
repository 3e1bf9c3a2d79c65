// Exclusive prefix sum per work-group (Blelloch up-sweep / down-sweep) over 2 elements
// per work-item in a kernel-scope __local array; local size 32, so 64 elements per group.
#define WG 32
__kernel void scan_blelloch(__global const uint *in, __global uint *out, __global uint *group_sums)
{
    __local uint temp[2 * WG];
    uint lid = get_local_id(0);
    uint base = get_group_id(0) * 2 * WG;
    temp[2 * lid] = in[base + 2 * lid];
    temp[2 * lid + 1] = in[base + 2 * lid + 1];
    uint offset = 1;
    for (uint d = WG; d > 0; d >>= 1) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid < d) {
            uint ai = offset * (2 * lid + 1) - 1;
            uint bi = offset * (2 * lid + 2) - 1;
            temp[bi] += temp[ai];
        }
        offset <<= 1;
    }
    if (lid == 0) {
        group_sums[get_group_id(0)] = temp[2 * WG - 1];
        temp[2 * WG - 1] = 0;
    }
    for (uint d = 1; d < 2 * WG; d <<= 1) {
        offset >>= 1;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid < d) {
            uint ai = offset * (2 * lid + 1) - 1;
            uint bi = offset * (2 * lid + 2) - 1;
            uint t = temp[ai];
            temp[ai] = temp[bi];
            temp[bi] += t;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    out[base + 2 * lid] = temp[2 * lid];
    out[base + 2 * lid + 1] = temp[2 * lid + 1];
}

// Inclusive prefix sum per work-group (Hillis-Steele, double-buffered in local memory).
// Items past n read 0 and write nothing.
__kernel void scan_hillis_steele(__global const int *in, __global int *out, uint n,
                                 __local int *buf0, __local int *buf1)
{
    uint lid = get_local_id(0);
    uint gid = get_global_id(0);
    uint size = get_local_size(0);
    __local int *src = buf0;
    __local int *dst = buf1;
    src[lid] = gid < n ? in[gid] : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint off = 1; off < size; off <<= 1) {
        dst[lid] = lid >= off ? src[lid] + src[lid - off] : src[lid];
        barrier(CLK_LOCAL_MEM_FENCE);
        __local int *t = src;
        src = dst;
        dst = t;
    }
    if (gid < n)
        out[gid] = src[lid];
}

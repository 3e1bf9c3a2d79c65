// Bitonic sort: a global step kernel (one compare-exchange stage, launched repeatedly
// from the host) and a whole sort of each work-group's slice in local memory.
__kernel void bitonic_step(__global int *data, uint j, uint k)
{
    uint i = get_global_id(0);
    uint ixj = i ^ j;
    if (ixj > i) {
        int a = data[i], b = data[ixj];
        bool up = (i & k) == 0;
        if ((a > b) == up) {
            data[i] = b;
            data[ixj] = a;
        }
    }
}

__kernel void bitonic_local(__global int *data, __local int *buf)
{
    uint l = get_local_id(0);
    uint n = get_local_size(0);
    uint base = get_group_id(0) * n;
    buf[l] = data[base + l];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint k = 2; k <= n; k <<= 1) {
        for (uint j = k >> 1; j > 0; j >>= 1) {
            uint ixj = l ^ j;
            if (ixj > l) {
                int a = buf[l], b = buf[ixj];
                bool up = (l & k) == 0;
                if ((a > b) == up) {
                    buf[l] = b;
                    buf[ixj] = a;
                }
            }
            barrier(CLK_LOCAL_MEM_FENCE);
        }
    }
    data[base + l] = buf[l];
}

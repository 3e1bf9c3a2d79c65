// Atomics: 256-bin histogram of bytes; each work-group counts into local bins with local
// atomics, then adds them to the global bins with global atomics. Local size 256.
#define BINS 256
__kernel void histogram(__global const uchar *data, __global uint *bins, int n)
{
    __local uint local_bins[BINS];
    int lid = get_local_id(0);
    local_bins[lid] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int i = get_global_id(0); i < n; i += get_global_size(0))
        atomic_inc(&local_bins[data[i]]);
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_add(&bins[lid], local_bins[lid]);
}

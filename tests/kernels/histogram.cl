// build-spir32
// Histograms: atomic_inc straight into global memory, and a per-group histogram in
// local memory (atomic_add) merged into global memory with atomic_add.
#define BINS 64
__kernel void histogram_global(__global const uint *data, __global uint *hist, uint n)
{
    uint i = get_global_id(0);
    if (i < n)
        atomic_inc(&hist[data[i] % BINS]);
}

__kernel void histogram_local(__global const uint *data, __global uint *hist, uint n)
{
    __local uint lh[BINS];
    uint lid = get_local_id(0);
    for (uint b = lid; b < BINS; b += get_local_size(0))
        lh[b] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint i = get_global_id(0); i < n; i += get_global_size(0))
        atomic_add(&lh[data[i] % BINS], 1u);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint b = lid; b < BINS; b += get_local_size(0))
        if (lh[b] != 0)
            atomic_add(&hist[b], lh[b]);
}

// Local atomics: a work-group histogram.
kernel void atomics_local(global const uchar *data, global uint *hist, local uint *bins) {
    size_t l = get_local_id(0);
    if (l < 16) bins[l] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_inc(&bins[data[get_global_id(0)] & 15]);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l < 16) atomic_add(&hist[l], bins[l]);
}

// One barrier: exchange through local memory.
kernel void barrier_local(global int *a, local int *tmp) {
    size_t l = get_local_id(0), g = get_global_id(0), n = get_local_size(0);
    tmp[l] = a[g];
    barrier(CLK_LOCAL_MEM_FENCE);
    a[g] = tmp[n - 1 - l];
}

// A static local array and a barrier.
kernel void static_local(global float *a) {
    local float tile[64];
    size_t l = get_local_id(0);
    tile[l] = a[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    a[get_global_id(0)] = tile[(l + 1) % 64];
}

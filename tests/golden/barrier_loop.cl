// Barriers in a loop: a work-group tree reduction.
kernel void barrier_loop(global const float *in, global float *out, local float *s) {
    size_t l = get_local_id(0);
    s[l] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t k = get_local_size(0) / 2; k > 0; k >>= 1) {
        if (l < k) s[l] += s[l + k];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0) out[get_group_id(0)] = s[0];
}

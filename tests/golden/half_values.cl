// Half values through vload_half / vstore_half.
kernel void half_values(global const half *h, global half *o) {
    size_t i = get_global_id(0);
    float x = vload_half(i, h);
    vstore_half(x * 2.0f, i, o);
}

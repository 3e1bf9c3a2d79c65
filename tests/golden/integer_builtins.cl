// Integer builtins.
kernel void integer_builtins(global int *a, global uint *b) {
    size_t i = get_global_id(0);
    a[i] = add_sat(a[i], 1000000) + mad24(a[i], 3, 4) + (int)clz(b[i]);
    b[i] = rotate(b[i], 3u) ^ mul_hi(b[i], 7u);
}

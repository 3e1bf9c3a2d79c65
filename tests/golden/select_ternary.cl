// Selects and ternaries.
kernel void select_ternary(global float *a, global const int *m) {
    size_t i = get_global_id(0);
    float x = a[i];
    a[i] = m[i] > 0 ? x : -x;
    a[i] += select(1.0f, 2.0f, m[i] & 1);
}

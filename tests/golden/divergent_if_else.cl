// A branch on the work-item id: divergent, masked at W > 1.
kernel void divergent_if_else(global int *a) {
    size_t i = get_global_id(0);
    if (i & 1) a[i] = a[i] * 3; else a[i] = -a[i];
}

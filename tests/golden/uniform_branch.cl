// A branch on an argument: uniform, no masks.
kernel void uniform_branch(global float *a, int n) {
    size_t i = get_global_id(0);
    if (n > 4) a[i] = a[i] * 2.0f; else a[i] = a[i] + 1.0f;
}

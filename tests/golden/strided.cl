// Strided accesses (every other element).
kernel void strided(global float *a) {
    size_t i = get_global_id(0);
    a[2 * i] = a[2 * i + 1];
}

// 64-bit integers and doubles.
kernel void int64(global long *a, global double *d) {
    size_t i = get_global_id(0);
    a[i] = a[i] * 6364136223846793005L + 1442695040888963407L;
    d[i] = (double)a[i] * 0.5;
}

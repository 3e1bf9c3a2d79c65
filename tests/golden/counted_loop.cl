// A loop with a uniform trip count.
kernel void counted_loop(global float *a, int n) {
    int i = get_global_id(0);
    float s = 0.0f;
    for (int k = 0; k < n; k++) s = s * 0.5f + a[i + k];
    a[i] = s;
}

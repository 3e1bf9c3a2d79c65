// build-opt: -O0
// Nested loops with uniform trip counts.
kernel void nested_loops(global float *out, global const float *m, int n) {
    int r = get_global_id(0);
    float acc = 0.0f;
    for (int i = 0; i < n; i++) {
        float row = 0.0f;
        for (int j = 0; j < n; j++)
            row = row * 0.5f + m[(r + i) * n + j];
        acc += row;
    }
    out[r] = acc;
}

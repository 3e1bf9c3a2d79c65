// A program-scope constant table.
constant float weights[4] = {0.1f, 0.2f, 0.3f, 0.4f};
kernel void constant_table(global float *a) {
    size_t i = get_global_id(0);
    a[i] *= weights[i & 3];
}

// Sparse matrix (CSR) times vector: one row per work-item, loops of varying length.
__kernel void spmv_csr(__global const int *row_ptr, __global const int *cols, __global const float *vals,
                       __global const float *x, __global float *y, int rows)
{
    int r = get_global_id(0);
    if (r >= rows)
        return;
    float acc = 0.0f;
    for (int k = row_ptr[r]; k < row_ptr[r + 1]; ++k)
        acc += vals[k] * x[cols[k]];
    y[r] = acc;
}

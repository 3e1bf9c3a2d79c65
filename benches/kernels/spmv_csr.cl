// Sparse matrix-vector product y = A x, A in CSR, one work-item per row.
__kernel void spmv_csr(__global const int *rowptr, __global const int *cols, __global const float *vals,
                       __global const float *x, __global float *y, int rows)
{
    int r = get_global_id(0);
    if (r >= rows)
        return;
    float acc = 0.0f;
    for (int k = rowptr[r]; k < rowptr[r + 1]; ++k)
        acc += vals[k] * x[cols[k]];
    y[r] = acc;
}

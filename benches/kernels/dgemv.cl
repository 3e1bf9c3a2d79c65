// Double precision: y = alpha A x + beta y, one work-item per row (row-major A).
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void dgemv(__global const double *A, __global const double *x, __global double *y,
                    double alpha, double beta, int n)
{
    int r = get_global_id(0);
    double acc = 0.0;
    for (int k = 0; k < n; ++k)
        acc += A[r * n + k] * x[k];
    y[r] = alpha * acc + beta * y[r];
}

// Compute-bound: C = A * B, square n x n row-major matrices, one work-item per element,
// straight from global memory (2 n^3 flops).
__kernel void matmul_naive(__global const float *A, __global const float *B, __global float *C, int n)
{
    int col = get_global_id(0);
    int row = get_global_id(1);
    float acc = 0.0f;
    for (int k = 0; k < n; ++k)
        acc += A[row * n + k] * B[k * n + col];
    C[row * n + col] = acc;
}

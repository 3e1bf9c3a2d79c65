// Tiled matrix multiply whose tiles are __local pointer arguments; the tile size is the
// local size (square), passed as an argument.
__kernel void matmul_tiled_args(__global const float *A, __global const float *B, __global float *C,
                                int M, int N, int K, __local float *As, __local float *Bs)
{
    int T = get_local_size(0);
    int tx = get_local_id(0), ty = get_local_id(1);
    int col = get_group_id(0) * T + tx;
    int row = get_group_id(1) * T + ty;
    float acc = 0.0f;
    for (int t = 0; t < (K + T - 1) / T; ++t) {
        int ka = t * T + tx;
        int kb = t * T + ty;
        As[ty * T + tx] = (row < M && ka < K) ? A[row * K + ka] : 0.0f;
        Bs[ty * T + tx] = (kb < K && col < N) ? B[kb * N + col] : 0.0f;
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < T; ++k)
            acc += As[ty * T + k] * Bs[k * T + tx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (row < M && col < N)
        C[row * N + col] = acc;
}

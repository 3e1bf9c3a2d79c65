// Tiled matrix multiply C = A * B (A: M x K, B: K x N, row-major) with __local tiles.
// Local size must be TILE x TILE; edges are padded with zeros.
#define TILE 16
__kernel void matmul(__global const float *A, __global const float *B, __global float *C,
                     int M, int N, int K)
{
    __local float As[TILE][TILE];
    __local float Bs[TILE][TILE];
    int tx = get_local_id(0), ty = get_local_id(1);
    int col = get_group_id(0) * TILE + tx;
    int row = get_group_id(1) * TILE + ty;
    float acc = 0.0f;
    for (int t = 0; t < (K + TILE - 1) / TILE; ++t) {
        int ka = t * TILE + tx;
        int kb = t * TILE + ty;
        As[ty][tx] = (row < M && ka < K) ? A[row * K + ka] : 0.0f;
        Bs[ty][tx] = (kb < K && col < N) ? B[kb * N + col] : 0.0f;
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < TILE; ++k)
            acc += As[ty][k] * Bs[k][tx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (row < M && col < N)
        C[row * N + col] = acc;
}

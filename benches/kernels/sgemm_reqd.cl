// build: -O3
// Tiled SGEMM C = A * B for n x n matrices, 16 x 16 __local tiles, compiled for its exact
// work-group size (reqd_work_group_size), a barrier pair per tile.
#define TS 16
__kernel __attribute__((reqd_work_group_size(TS, TS, 1)))
void sgemm_reqd(const int n, __global const float *A, __global const float *B, __global float *C)
{
    __local float Asub[TS][TS];
    __local float Bsub[TS][TS];
    const int row = get_local_id(1), col = get_local_id(0);
    const int grow = TS * get_group_id(1) + row, gcol = TS * get_group_id(0) + col;
    float acc = 0.0f;
    const int tiles = n / TS;
    for (int t = 0; t < tiles; t++) {
        Asub[row][col] = A[grow * n + TS * t + col];
        Bsub[row][col] = B[(TS * t + row) * n + gcol];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < TS; k++)
            acc = fma(Asub[row][k], Bsub[k][col], acc);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    C[grow * n + gcol] = acc;
}

// Transpose through local tiles: out = in^T for a rows x cols matrix (both multiples of
// TILE); 16 x 16 work-groups, padded tile against bank conflicts.
#define TILE 16
__kernel void transpose(__global const float *in, __global float *out, int rows, int cols)
{
    __local float tile[TILE][TILE + 1];
    int tx = get_local_id(0), ty = get_local_id(1);
    int bx = get_group_id(0) * TILE, by = get_group_id(1) * TILE;
    tile[ty][tx] = in[(by + ty) * cols + bx + tx];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[(bx + ty) * rows + by + tx] = tile[tx][ty];
}

// Matrix transpose through a padded __local tile (16 x 17) with a 16 x 16 local size;
// any matrix size (edges guarded).
#define T 16
__kernel void transpose_local(__global const float *in, __global float *out, int W, int H)
{
    __local float tile[T][T + 1];
    int lx = get_local_id(0), ly = get_local_id(1);
    int x = get_group_id(0) * T + lx;
    int y = get_group_id(1) * T + ly;
    if (x < W && y < H)
        tile[ly][lx] = in[y * W + x];
    barrier(CLK_LOCAL_MEM_FENCE);
    int tx = get_group_id(1) * T + lx;
    int ty = get_group_id(0) * T + ly;
    if (tx < H && ty < W)
        out[ty * H + tx] = tile[lx][ly];
}

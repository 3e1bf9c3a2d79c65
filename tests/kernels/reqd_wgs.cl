// build-spir32
// A kernel with __attribute__((reqd_work_group_size(8, 2, 1))) using local memory sized
// by it: each 8x2 group sums its rows.
__kernel __attribute__((reqd_work_group_size(8, 2, 1)))
void reqd_wgs(__global const int *in, __global int *out)
{
    __local int tile[2][8];
    int x = get_local_id(0), y = get_local_id(1);
    int w = get_global_size(0);
    int gx = get_global_id(0), gy = get_global_id(1);
    tile[y][x] = in[gy * w + gx];
    barrier(CLK_LOCAL_MEM_FENCE);
    int s = 0;
    for (int k = 0; k < 8; ++k)
        s += tile[y][k];
    out[gy * w + gx] = s * 10 + x;
}

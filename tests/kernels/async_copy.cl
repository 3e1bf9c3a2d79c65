// async_work_group_copy in both directions and the strided copies, each event waited on;
// every group works on its own tile. (wait_group_events takes a generic event pointer.)
// build-spir32
// validate-env: spv1.0
__kernel void async_copy(__global const float *in, __global float *out, __global float *cols,
                         __local float *tile, __local float *col, int width) {
    size_t lid = get_local_id(0), n = get_local_size(0), g = get_group_id(0);
    event_t e = async_work_group_copy(tile, in + g * n, n, 0);
    // Column g of a `width`-wide matrix: elements g, g + width, ...
    event_t f = async_work_group_strided_copy(col, in + g, n, width, 0);
    wait_group_events(1, &e);
    wait_group_events(1, &f);
    tile[lid] = tile[lid] * 2.0f + col[n - 1 - lid];
    barrier(CLK_LOCAL_MEM_FENCE);
    event_t h = async_work_group_copy(out + g * n, tile, n, 0);
    event_t k = async_work_group_strided_copy(cols + g, tile, n, width, 0);
    wait_group_events(1, &h);
    wait_group_events(1, &k);
}

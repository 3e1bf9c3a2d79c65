// build-O2: -O2 -fno-slp-vectorize
// 2-D and 3-D kernels whose y / z ids are scalars per lane group when the lane groups lie
// within rows of the work-group (tests/whole_rows.rs launches them in shapes that do and
// shapes that do not, and compares every width with W = 1).

// A 5-point stencil with a row-uniform branch, and every id written out.
__kernel void rows2d(__global const float *in, __global float *out, __global int *ids, int w, int h)
{
    int x = get_global_id(0), y = get_global_id(1);
    if (x >= w || y >= h)
        return;
    int i = y * w + x;
    float v = in[i];
    if (x > 0 && x < w - 1 && y > 0 && y < h - 1)
        v = 0.25f * (in[i - 1] + in[i + 1] + in[i - w] + in[i + w]);
    if (get_local_id(1) == 1)
        v += 1.0f;
    for (int k = 0; k < (int)(y % 3); k++)
        v *= 0.5f;
    out[i] = v;
    ids[4 * i] = (int)(get_local_id(0) + 100 * get_local_id(1));
    ids[4 * i + 1] = (int)(get_group_id(0) + 100 * get_group_id(1));
    ids[4 * i + 2] = (int)(get_local_id(1) * get_local_size(0) + get_local_id(0));
    ids[4 * i + 3] = (int)(get_local_size(0) * 100 + get_local_size(1));
}

// Transpose through a padded local tile (work-groups of at most 16 x 16).
__kernel void tile_transpose(__global const float *in, __global float *out, int w, int h)
{
    __local float tile[16][17];
    int lx = get_local_id(0), ly = get_local_id(1);
    int x = get_global_id(0), y = get_global_id(1);
    if (x < w && y < h)
        tile[ly][lx] = in[y * w + x];
    barrier(CLK_LOCAL_MEM_FENCE);
    int tx = get_group_id(1) * get_local_size(1) + lx;
    int ty = get_group_id(0) * get_local_size(0) + ly;
    if (lx < (int)get_local_size(1) && ly < (int)get_local_size(0) && tx < h && ty < w)
        out[ty * h + tx] = tile[lx][ly];
}

// 3-D: each work-item writes its ids and a value depending on y and z.
__kernel void rows3d(__global int *out, int w, int h)
{
    size_t x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
    int i = (int)((z * h + y) * w + x);
    int v = (int)(x * 7 + y * 131 + z * 1031);
    if (z == 1)
        v = -v;
    out[2 * i] = v;
    out[2 * i + 1] = (int)(get_local_id(2) * 10000 + get_local_id(1) * 100 + get_local_id(0));
}

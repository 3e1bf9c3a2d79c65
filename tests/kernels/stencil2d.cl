// 5-point 2-D stencil with clamped borders on a W x H float grid.
__kernel void stencil2d(__global const float *in, __global float *out, int W, int H)
{
    int x = get_global_id(0), y = get_global_id(1);
    if (x >= W || y >= H)
        return;
    int xl = max(x - 1, 0), xr = min(x + 1, W - 1);
    int yu = max(y - 1, 0), yd = min(y + 1, H - 1);
    out[y * W + x] = 0.5f * in[y * W + x]
                   + 0.125f * (in[y * W + xl] + in[y * W + xr] + in[yu * W + x] + in[yd * W + x]);
}

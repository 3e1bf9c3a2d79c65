// 2-D 5-point Jacobi step on a width x height grid, 16 x 16 work-groups; only interior
// points are written (the `if` on x and y is uniform for most lane groups).
__kernel void jacobi(__global const float *in, __global float *out, int width, int height)
{
    int x = get_global_id(0);
    int y = get_global_id(1);
    if (x > 0 && x < width - 1 && y > 0 && y < height - 1) {
        int i = y * width + x;
        out[i] = 0.25f * (in[i - 1] + in[i + 1] + in[i - width] + in[i + width]);
    }
}

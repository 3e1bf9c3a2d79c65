// 3 x 3 convolution with clamp-to-edge indexing (every pixel is written), weights in
// __constant memory.
__kernel void conv_clamp(__global const float *in, __global float *out, __constant float *w,
                         int width, int height)
{
    int x = get_global_id(0);
    int y = get_global_id(1);
    float acc = 0.0f;
    for (int dy = -1; dy <= 1; ++dy) {
        int yy = clamp(y + dy, 0, height - 1);
        for (int dx = -1; dx <= 1; ++dx) {
            int xx = clamp(x + dx, 0, width - 1);
            acc += w[(dy + 1) * 3 + dx + 1] * in[yy * width + xx];
        }
    }
    out[y * width + x] = acc;
}

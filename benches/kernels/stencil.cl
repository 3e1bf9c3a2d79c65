// build: -O2 -fno-slp-vectorize
// 2-D stencil: 3 x 3 convolution with weights in constant memory; the one-pixel border is
// copied unchanged.
__kernel void stencil(__global const float *in, __global float *out, __constant float *w, int width, int height)
{
    int x = get_global_id(0);
    int y = get_global_id(1);
    int i = y * width + x;
    if (x == 0 || y == 0 || x == width - 1 || y == height - 1) {
        out[i] = in[i];
        return;
    }
    float acc = 0.0f;
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx)
            acc += w[(dy + 1) * 3 + dx + 1] * in[i + dy * width + dx];
    out[i] = acc;
}

// Divergent: Mandelbrot escape-time iteration counts over [-2, 1] x [-1.5, 1.5].
__kernel void mandelbrot(__global int *out, int width, int height, int max_iter)
{
    int x = get_global_id(0);
    int y = get_global_id(1);
    float cr = -2.0f + 3.0f * x / width;
    float ci = -1.5f + 3.0f * y / height;
    float zr = 0.0f, zi = 0.0f;
    int it = 0;
    while (it < max_iter && zr * zr + zi * zi <= 4.0f) {
        float t = zr * zr - zi * zi + cr;
        zi = 2.0f * zr * zi + ci;
        zr = t;
        ++it;
    }
    out[y * width + x] = it;
}

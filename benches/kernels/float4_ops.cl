// float4 vector types: per element, normalize a float4, scale by a float4 weight, blend
// with a second input and take the dot product (mad, dot, rsqrt on float4).
__kernel void float4_ops(__global const float4 *a, __global const float4 *b, __global float4 *out,
                         __global float *dots, float4 w)
{
    int i = get_global_id(0);
    float4 x = a[i];
    float4 y = b[i];
    float4 nx = x * rsqrt(dot(x, x) + 1e-6f);
    float4 r = mad(nx, w, y * 0.5f);
    out[i] = r;
    dots[i] = dot(r, y);
}

// float4 pixels through a 4 x 4 colour matrix given as five float4 by-value arguments (four
// rows and an offset), clamped to [0, 1]; memory-bound, 16 B in and 16 B out per work-item,
// with the early return on i >= n that real code has.
__kernel void color_matrix(__global const float4 *in, __global float4 *out, float4 r0, float4 r1,
                           float4 r2, float4 r3, float4 bias, int n)
{
    int i = get_global_id(0);
    if (i >= n)
        return;
    float4 p = in[i];
    float4 q = (float4)(dot(r0, p), dot(r1, p), dot(r2, p), dot(r3, p)) + bias;
    out[i] = clamp(q, 0.0f, 1.0f);
}

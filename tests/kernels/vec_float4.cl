// build-spir32
// float4 and float2 arithmetic, swizzles (reads and writes), component access, vector
// literals, scalar broadcast and dot/length-free math only (exact operations).
__kernel void vec_float4(__global const float4 *a, __global const float4 *b, __global float4 *out,
                         __global float2 *out2)
{
    size_t i = get_global_id(0);
    float4 x = a[i], y = b[i];
    float4 r = x * y + (float4)(1.0f, 2.0f, 3.0f, 4.0f);
    r.xz = r.zx - y.yw;
    r.w += x.x;
    float4 s = x.wzyx * 2.0f - y.xxyy;
    out[3 * i] = r;
    out[3 * i + 1] = s;
    out[3 * i + 2] = (float4)(x.y, y.z, r.x * s.w, -x.w);
    float2 p = x.lo + y.hi;
    out2[i] = p.yx / (float2)(2.0f, 4.0f);
}

// build-spir32
// Half-precision storage: vload_half to float, vstore_half (round to nearest even) and
// vstore_half_rtz / _rtp / _rtn from float, and vload_half2 / vstore_half4.
__kernel void half_storage(__global const half *h, __global const float *f, __global float *loaded,
                           __global half *stored)
{
    size_t i = get_global_id(0);
    loaded[i] = vload_half(i, h);
    float x = f[i];
    vstore_half(x, 4 * i, stored);
    vstore_half_rtz(x, 4 * i + 1, stored);
    vstore_half_rtp(x, 4 * i + 2, stored);
    vstore_half_rtn(x, 4 * i + 3, stored);
}

__kernel void half_vectors(__global const half *h, __global half *out)
{
    size_t i = get_global_id(0);
    float2 p = vload_half2(i, h);
    float4 q = (float4)(p.y, p.x, p.x * 2.0f, p.y + 1.0f);
    vstore_half4(q, i, out);
}

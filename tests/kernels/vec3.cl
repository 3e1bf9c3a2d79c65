// build-spir32
// 3-component vectors: float3 in buffers (16-byte stride), vload3/vstore3 on packed
// floats (12-byte stride), int3 arithmetic and a cross product.
__kernel void vec3(__global const float3 *a, __global const float *packed, __global float3 *out,
                   __global float *packed_out, __global int3 *iout)
{
    size_t i = get_global_id(0);
    float3 x = a[i];
    float3 y = vload3(i, packed);
    float3 c = (float3)(x.y * y.z - x.z * y.y, x.z * y.x - x.x * y.z, x.x * y.y - x.y * y.x);
    out[i] = x + y * 2.0f;
    vstore3(c, i, packed_out);
    int3 k = convert_int3(x) * (int3)(1, -2, 3) + (int3)((int)i);
    iout[i] = k.zxy;
}

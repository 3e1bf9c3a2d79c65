// float4 loads and stores.
kernel void float4_access(global const float4 *a, global float4 *b) {
    size_t i = get_global_id(0);
    float4 v = a[i];
    b[i] = v.wzyx * (float4)(1.0f, 2.0f, 3.0f, 4.0f);
}

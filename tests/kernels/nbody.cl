// One n-body step with float4 positions (w = mass) and velocities, tiled through local
// memory; softening keeps the force finite.
__kernel void nbody(__global const float4 *pos, __global const float4 *vel, __global float4 *new_pos,
                    __global float4 *new_vel, int n, float dt, float eps2, __local float4 *tile)
{
    int i = get_global_id(0);
    int l = get_local_id(0);
    int T = get_local_size(0);
    float4 p = i < n ? pos[i] : (float4)(0.0f);
    float4 acc = (float4)(0.0f);
    for (int base = 0; base < n; base += T) {
        tile[l] = base + l < n ? pos[base + l] : (float4)(0.0f);
        barrier(CLK_LOCAL_MEM_FENCE);
        int count = min(T, n - base);
        for (int k = 0; k < count; ++k) {
            float4 q = tile[k];
            float4 d = (float4)(q.xyz - p.xyz, 0.0f);
            float r2 = d.x * d.x + d.y * d.y + d.z * d.z + eps2;
            float inv = 1.0f / sqrt(r2);
            acc += d * (q.w * inv * inv * inv);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (i < n) {
        float4 v = vel[i];
        v.xyz += acc.xyz * dt;
        new_vel[i] = v;
        new_pos[i] = (float4)(p.xyz + v.xyz * dt, p.w);
    }
}

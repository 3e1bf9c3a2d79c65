// build: -O2 -fno-slp-vectorize
// Compute-bound: one n-body step, all pairs (20 flops per interaction, rsqrt included).
// pos: float4 (x, y, z, mass); acc out: float4 (ax, ay, az, 0).
__kernel void nbody(__global const float4 *pos, __global float4 *acc, int n, float eps2)
{
    int i = get_global_id(0);
    float4 p = pos[i];
    float ax = 0.0f, ay = 0.0f, az = 0.0f;
    for (int j = 0; j < n; ++j) {
        float4 q = pos[j];
        float dx = q.x - p.x, dy = q.y - p.y, dz = q.z - p.z;
        float r2 = dx * dx + dy * dy + dz * dz + eps2;
        float inv = rsqrt(r2);
        float s = q.w * inv * inv * inv;
        ax += dx * s;
        ay += dy * s;
        az += dz * s;
    }
    acc[i] = (float4)(ax, ay, az, 0.0f);
}

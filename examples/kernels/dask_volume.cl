// Kernels of examples/dask_volume.py: a procedural volume computed chunk by chunk, and a
// 3-D smoothing filter run on chunks with a one-voxel halo.

// A noisy "scan" of three blobs in an n^3 volume. Launched with the NDRange offset at
// the chunk's start, so get_global_id is the voxel's position in the whole volume; the
// chunk is indexed relative to the offset (its extent is the global size).
kernel void phantom(global float* out, float n) {
    size_t gx = get_global_id(0), gy = get_global_id(1), gz = get_global_id(2);
    size_t lx = gx - get_global_offset(0), ly = gy - get_global_offset(1), lz = gz - get_global_offset(2);
    size_t w = get_global_size(0), h = get_global_size(1);
    float x = gx / n, y = gy / n, z = gz / n;
    float3 p = (float3)(x, y, z);
    float v = exp(-40.0f * dot(p - (float3)(0.35f, 0.4f, 0.5f), p - (float3)(0.35f, 0.4f, 0.5f)))
            + 0.7f * exp(-90.0f * dot(p - (float3)(0.7f, 0.6f, 0.45f), p - (float3)(0.7f, 0.6f, 0.45f)))
            + 0.5f * exp(-25.0f * dot(p - (float3)(0.5f, 0.75f, 0.6f), p - (float3)(0.5f, 0.75f, 0.6f)));
    // Hash noise, the same for a voxel whatever the chunking.
    uint s = (uint)gx * 73856093u ^ (uint)gy * 19349663u ^ (uint)gz * 83492791u;
    s = (s ^ (s >> 13)) * 1274126177u;
    s ^= s >> 16;
    v += 0.25f * ((float)(s & 0xffffu) / 65535.0f - 0.5f);
    out[(lz * h + ly) * w + lx] = v;
}

// 3x3x3 mean of a w x h x d chunk (x fastest); the outermost layer copies the input
// (map_overlap trims it off).
kernel void smooth3(global const float* in, global float* out) {
    int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
    int w = get_global_size(0), h = get_global_size(1), d = get_global_size(2);
    int i = (z * h + y) * w + x;
    if ((uint)(x - 1) >= (uint)(w - 2) || (uint)(y - 1) >= (uint)(h - 2) || (uint)(z - 1) >= (uint)(d - 2)) {
        out[i] = in[i];
        return;
    }
    float s = 0.0f;
    for (int dz = -1; dz <= 1; dz++) {
        for (int dy = -1; dy <= 1; dy++) {
            global const float* r = in + i + (dz * h + dy) * w;
            s += r[-1] + r[0] + r[1];
        }
    }
    out[i] = s * (1.0f / 27.0f);
}

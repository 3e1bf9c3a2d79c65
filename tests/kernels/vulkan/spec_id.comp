#version 450
// env: vulkan1.3
// The same shader as spec.comp, built for SPIR-V 1.6: the work-group size comes from LocalSizeId.
// Specialization constants: the work-group size (local_size_x_id), a float, an int, a
// bool, constant expressions over them (OpSpecConstantOp) and a shared array sized by
// the work-group size; WorkgroupId from a dispatch's base group.
layout(local_size_x_id = 0, local_size_y = 1, local_size_z = 1) in;
layout(constant_id = 1) const float SCALE = 1.0;
layout(constant_id = 2) const int OFFSET = 0;
layout(constant_id = 3) const bool FLIP = false;
layout(constant_id = 4) const uint SHIFT = 1u;
const int DERIVED = OFFSET * 3 - 7;
const uint MASKED = (SHIFT << 4) | (SHIFT ^ 5u);
const bool EITHER = FLIP || (OFFSET > 10);

layout(std430, set = 0, binding = 0) readonly buffer In { float x[]; } src;
layout(std430, set = 0, binding = 1) writeonly buffer Out { float y[]; } dst;
layout(std430, set = 0, binding = 2) writeonly buffer Info { uint v[]; } info;

shared float tile[gl_WorkGroupSize.x];

void main() {
    uint l = gl_LocalInvocationID.x;
    uint g = gl_GlobalInvocationID.x;
    tile[l] = src.x[g];
    barrier();
    // Reverse within the work-group when FLIP, else keep.
    uint from = FLIP ? gl_WorkGroupSize.x - 1u - l : l;
    dst.y[g] = tile[from] * SCALE + float(DERIVED);
    if (l == 0u) {
        uint w = gl_WorkGroupID.x;
        info.v[w * 4u + 0u] = gl_WorkGroupSize.x;
        info.v[w * 4u + 1u] = w;
        info.v[w * 4u + 2u] = MASKED;
        info.v[w * 4u + 3u] = EITHER ? gl_NumWorkGroups.x : 0u;
    }
}

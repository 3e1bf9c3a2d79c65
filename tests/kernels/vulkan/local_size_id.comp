#version 450
// env: vulkan1.3
// The work-group size from a specialization constant with SPIR-V 1.6's LocalSizeId
// (glslang emits OpExecutionModeId LocalSizeId for local_size_x_id at vulkan1.3).
layout(local_size_x_id = 0) in;
layout(set = 0, binding = 0) buffer Out { uint data[]; } o;
void main() {
    uint i = gl_GlobalInvocationID.x;
    o.data[i] = gl_WorkGroupSize.x * 100000u + gl_WorkGroupID.x * 1000u + gl_LocalInvocationID.x;
}

#version 450
// env: vulkan1.1
// Quad operations and the sub-group built-ins: each invocation writes its sub-group
// numbering and what the quad operations gave it.
#extension GL_KHR_shader_subgroup_quad : require
#extension GL_KHR_shader_subgroup_basic : require
layout(local_size_x = 32) in;
layout(std430, set = 0, binding = 0) readonly buffer In { uint x[]; } src;
layout(std430, set = 0, binding = 1) writeonly buffer Out { uvec4 q[]; } dst;
layout(std430, set = 0, binding = 2) writeonly buffer Ids { uvec4 v[]; } ids;

void main() {
    uint i = gl_GlobalInvocationID.x;
    uint v = src.x[i];
    dst.q[i] = uvec4(subgroupQuadBroadcast(v, 2u), subgroupQuadSwapHorizontal(v),
                     subgroupQuadSwapVertical(v), subgroupQuadSwapDiagonal(v));
    ids.v[i] = uvec4(gl_SubgroupSize, gl_NumSubgroups, gl_SubgroupID, gl_SubgroupInvocationID);
}

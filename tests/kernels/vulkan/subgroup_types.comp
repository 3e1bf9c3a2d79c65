#version 450
// env: vulkan1.2
// Sub-group operations on the extended types (VK_KHR_shader_subgroup_extended_types:
// 8-, 16- and 64-bit integers, half and double floats), a broadcast from a lane chosen
// at run time (subgroupBroadcastDynamicId), and the sub-group size and count the shader
// sees. Work-group size 32, so every sub-group size from 1 to 16 gives full sub-groups.
// Invocation i writes o[8 i .. 8 i + 7].
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_EXT_shader_explicit_arithmetic_types : require
#extension GL_EXT_shader_subgroup_extended_types_int8 : require
#extension GL_EXT_shader_subgroup_extended_types_int16 : require
#extension GL_EXT_shader_subgroup_extended_types_int64 : require
#extension GL_EXT_shader_subgroup_extended_types_float16 : require
layout(local_size_x = 32) in;
layout(std430, set = 0, binding = 0) writeonly buffer O { uint o[]; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    uint l = gl_SubgroupInvocationID;
    uint p = 8u * i;
    o[p + 0] = gl_SubgroupSize;
    o[p + 1] = uint(subgroupAdd(uint8_t(l + 1u)));
    o[p + 2] = uint(subgroupAdd(uint16_t(l * 300u)));
    o[p + 3] = uint(subgroupMax(uint64_t(l) << 40) >> 40);
    o[p + 4] = uint(subgroupAdd(float16_t(l)));
    o[p + 5] = uint(subgroupAdd(double(l) * 0.5) * 2.0);
    o[p + 6] = subgroupBroadcast(i * 3u, gl_WorkGroupID.x % gl_SubgroupSize);
    o[p + 7] = gl_NumSubgroups;
}

#version 450
// env: vulkan1.2
// The SubgroupUniformControlFlowKHR execution mode
// (VK_KHR_shader_subgroup_uniform_control_flow): a sub-group reduction in uniform
// control flow. Invocation i writes o[i] = the sum of its sub-group's x.
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_EXT_subgroup_uniform_control_flow : require
layout(local_size_x = 16) in;
layout(std430, set = 0, binding = 0) buffer O { uint o[]; };

void main() [[subgroup_uniform_control_flow]] {
    uint i = gl_GlobalInvocationID.x;
    o[i] = subgroupAdd(i + 1u);
}

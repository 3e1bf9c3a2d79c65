#version 450
// env: vulkan1.2
// Block-decorated shared structs that alias each other (GL_EXT_shared_memory_block,
// WorkgroupMemoryExplicitLayoutKHR) with explicit offsets, at 8, 16 and 32 bits.
#extension GL_EXT_shared_memory_block : require
#extension GL_EXT_shader_explicit_arithmetic_types : require
layout(local_size_x = 8) in;
layout(std430, set = 0, binding = 0) buffer O { uint o[]; };   // 2 per invocation
shared A { uint words[4]; uvec4 tail; } sa;
shared B { uint8_t bytes[16]; uint16_t halves[8]; } sb;

void main() {
    uint l = gl_LocalInvocationID.x, i = gl_GlobalInvocationID.x;
    if (l < 4u) sa.words[l] = 0x04030201u * (l + 1u) + gl_WorkGroupID.x;
    sb.halves[l] = uint16_t(0x1111u * l + i);
    barrier();
    o[2 * i + 0] = uint(sb.bytes[l * 2u]) | (uint(sb.bytes[15u - l]) << 8) | (uint(sb.halves[7u - l]) << 16);
    o[2 * i + 1] = sa.tail[l & 3u];
}

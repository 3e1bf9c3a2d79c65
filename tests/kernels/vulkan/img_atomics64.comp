#version 450
#extension GL_EXT_shader_image_int64 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
// 64-bit image atomics (driver tests): 64 invocations add i << 33 to one of 8 texels of
// an r64ui image and take the maximum of -i into one of 8 texels of an r64i image.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, r64ui) uniform u64image2D sums;
layout(set = 0, binding = 1, r64i) uniform i64image2D maxes;
void main() {
    uint i = gl_GlobalInvocationID.x;
    ivec2 p = ivec2(i % 4u, (i / 4u) % 2u);
    imageAtomicAdd(sums, p, uint64_t(i) << 33);
    imageAtomicMax(maxes, p, -int64_t(i) - (int64_t(1) << 40));
}

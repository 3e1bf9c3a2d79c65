#version 460
// Image atomics on r32ui, r32i and r64ui images: every invocation adds, mins, maxes and
// exchanges into texel (i % 4, 0); old values of the compare-exchange go to `olds`.
#extension GL_EXT_shader_image_int64 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
layout(local_size_x = 8) in;
layout(set = 0, binding = 0, r32ui) uniform uimage2D u;
layout(set = 0, binding = 1, r32i) uniform iimage2D s;
layout(set = 0, binding = 2, r64ui) uniform u64image2D w;
layout(set = 0, binding = 3) buffer Olds { uint olds[]; };
void main() {
    int i = int(gl_GlobalInvocationID.x);
    ivec2 p = ivec2(i % 4, 0);
    imageAtomicAdd(u, p, uint(i));
    imageAtomicMax(u, ivec2(p.x, 1), uint(i * 7 % 13));
    imageAtomicMin(s, p, -i);
    imageAtomicOr(s, ivec2(p.x, 1), 1 << i);
    imageAtomicAdd(w, p, uint64_t(i) << 33);
    olds[i] = imageAtomicCompSwap(u, ivec2(p.x, 2), 0u, uint(i + 1));
}

#version 450
// Image atomics (driver tests): 64 invocations add 1 to one of 8 texels of an r32ui
// image and take the minimum of -id into one of 8 texels of an r32i image.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, r32ui) uniform uimage2D counts;
layout(set = 0, binding = 1, r32i) uniform iimage2D mins;
void main() {
    uint i = gl_GlobalInvocationID.x;
    ivec2 p = ivec2(i % 4u, (i / 4u) % 2u);
    imageAtomicAdd(counts, p, 1u);
    imageAtomicMin(mins, p, -int(i));
}

#version 450
// env: vulkan1.3
// Robust image access: texels read outside a 4x4 storage image are 0, and writes
// outside it are dropped. out[i] = imageLoad at (i - 2, 1); each invocation also writes
// (i - 2, 2) with i + 1, so invocations 0, 1 and 6, 7 write outside.
layout(local_size_x = 8) in;
layout(set = 0, binding = 0, r32ui) uniform uimage2D img;
layout(set = 0, binding = 1) buffer Out { uint data[]; } o;
void main() {
    int i = int(gl_GlobalInvocationID.x);
    o.data[i] = imageLoad(img, ivec2(i - 2, 1)).x;
    imageStore(img, ivec2(i - 2, 2), uvec4(uint(i) + 1u));
}

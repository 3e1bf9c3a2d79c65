#version 450
// env: vulkan1.2
// Scalar block layout (VK_EXT_scalar_block_layout): vec3 elements 12 bytes apart and a
// float packed right after a vec3. Element k of s (16 bytes: vec3 v, float w) becomes
// o[k] = v.x + v.y * 10 + v.z * 100 + w * 1000, and t[k] (vec3 12 bytes apart) is
// doubled in place.
// val: --scalar-block-layout
#extension GL_EXT_scalar_block_layout : require
layout(local_size_x = 4) in;
struct S { vec3 v; float w; };
layout(scalar, set = 0, binding = 0) buffer In { S s[4]; vec3 t[4]; };
layout(scalar, set = 0, binding = 1) buffer Out { float o[4]; };

void main() {
    uint k = gl_GlobalInvocationID.x;
    o[k] = s[k].v.x + s[k].v.y * 10.0 + s[k].v.z * 100.0 + s[k].w * 1000.0;
    t[k] = t[k] * 2.0;
}

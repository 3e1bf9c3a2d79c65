#version 450
// env: vulkan1.2
// Matrix layouts spirjit refuses (as unsupported, not silently wrong): a row-major
// matrix and a std140 mat2 (columns 16 bytes apart).
layout(local_size_x = 4) in;
layout(std140, set = 0, binding = 0) uniform U { layout(row_major) mat3 r; mat2 m2; } u;
layout(std430, set = 0, binding = 1) buffer O { vec4 o[]; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    o[i] = vec4(u.r[i % 3u], 0.0) + vec4(u.m2[0], u.m2[1]);
}

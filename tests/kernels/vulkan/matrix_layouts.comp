#version 450
// env: vulkan1.2
// Matrices laid out other than naturally: row-major members (std140 and std430) and
// std140 column-major matrices whose columns are padded to 16 bytes. Reads of whole
// matrices, of columns (constant and dynamic) and of single elements; writes of whole
// matrices, columns and elements into row-major and padded matrices. Invocation i
// writes o[6 i .. 6 i + 5], w.m[i] and p.p[i].
layout(local_size_x = 4) in;
layout(std140, set = 0, binding = 0) uniform U {
    layout(row_major) mat3 r;
    mat2 m2;
    layout(row_major) mat2x3 r23;
    mat3x2 m32;
} u;
layout(std430, set = 0, binding = 1) readonly buffer B {
    layout(row_major) mat4 rm;
    layout(row_major) mat3 rarr[2];
} b;
layout(std430, set = 0, binding = 2) buffer O { vec4 o[]; };
layout(std430, set = 0, binding = 3) buffer W { layout(row_major) mat4 m[]; } w;
layout(std140, set = 0, binding = 4) buffer P { mat2 p[]; } p;

void main() {
    uint i = gl_GlobalInvocationID.x;
    float fi = float(i);
    o[6 * i + 0] = vec4(u.r[i % 3u], 0.0);
    o[6 * i + 1] = vec4(u.m2[0], u.m2[1]);
    o[6 * i + 2] = vec4(u.r * vec3(1.0, 2.0, 3.0), u.r[1][i % 3u]);
    o[6 * i + 3] = vec4(u.r23[1], u.m32[2][i & 1u]);
    o[6 * i + 4] = vec4(u.m32 * vec3(1.0, -1.0, 2.0), u.m2[i & 1u][1], b.rm[2][1]);
    o[6 * i + 5] = vec4(b.rarr[i & 1u][2].xy, b.rm[i & 3u][3], (b.rm * vec4(1.0, 0.0, 0.0, 1.0)).z);
    w.m[i] = mat4(vec4(fi, 1.0, 2.0, 3.0), vec4(4.0, 5.0, 6.0, 7.0), vec4(8.0, 9.0, 10.0, 11.0),
                  vec4(12.0, 13.0, 14.0, fi + 15.0));
    w.m[i][1] = vec4(-1.0, -2.0, -3.0, -fi);
    w.m[i][2][3] = 100.0 + fi;
    p.p[i] = mat2(fi, fi + 1.0, fi + 2.0, fi + 3.0);
    p.p[i][1][0] = -fi;
}

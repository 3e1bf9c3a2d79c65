#version 450
// env: vulkan1.2
// Matrix arithmetic and column-major matrices in std140 and std430 buffers whose
// MatrixStride is the columns' natural size (mat4, mat3, mat3x2 and mat2 in std430):
// whole matrices, single columns and single elements through access chains. Values are
// small integers so every result is exact. Row-major matrices and std140 mat2 / matNx2
// (16-byte column stride) are in matrix_layouts.comp.
layout(local_size_x = 4) in;
layout(std140, set = 0, binding = 0) uniform U {
    mat4 m;                   // column-major, stride 16
    mat3 r;                   // column-major, stride 16
} u;
layout(std430, set = 0, binding = 1) readonly buffer S { mat3x2 a[]; };   // std430: stride 8
layout(std430, set = 0, binding = 2) buffer O { vec4 o[]; };              // 8 per invocation
layout(std430, set = 0, binding = 3) buffer OM { mat2x3 om[]; };         // std430: stride 16
layout(std430, set = 0, binding = 4) buffer OC { mat2 oc[]; };            // std430: stride 8
layout(std430, set = 0, binding = 5) readonly buffer M2 { mat2 m2; } u2;

void main() {
    uint i = gl_GlobalInvocationID.x;
    vec4 v = vec4(float(i), 1.0, -2.0, 3.0);
    mat4 m = u.m;
    o[8 * i + 0] = m * v;                       // OpMatrixTimesVector
    o[8 * i + 1] = v * m;                       // OpVectorTimesMatrix
    mat4 s = m * float(i + 1);                  // OpMatrixTimesScalar
    o[8 * i + 2] = s[int(i) & 3];
    mat4 mm = m * transpose(m);                 // OpMatrixTimesMatrix, OpTranspose
    o[8 * i + 3] = mm[3 - (i & 3)];
    mat3 r = u.r;
    o[8 * i + 4] = vec4(r[0][1], r[1][2], r[2][0], u.r[i % 3][(i + 1) % 3]);
    mat3x2 a = a[i];
    o[8 * i + 5] = vec4(a[0], a[2]) + vec4(a[i % 3][1]);
    mat3 op = outerProduct(vec3(v), vec3(1.0, 2.0, 3.0)); // OpOuterProduct
    o[8 * i + 6] = vec4(op[0][0], op[1][2], op[2][1], dot(v, u.m[1])); // OpDot, column load
    o[8 * i + 7] = vec4(u2.m2[0], u2.m2[1]) + vec4(u2.m2[1][i & 1]);
    mat2x3 t = mat2x3(r[0], r[1]) * 2.0;
    om[i] = t;                                  // whole matrix store
    om[i][1] = vec3(v.xyz);                     // one column
    om[i][0][2] = -7.0;                         // one element
    mat2 c = mat2(a[0], a[1]) * mat2(u2.m2[0], u2.m2[1]);
    oc[i] = c;
    oc[i][1][0] = float(i);
}

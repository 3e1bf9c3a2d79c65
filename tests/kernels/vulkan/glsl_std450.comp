#version 450
// parts: 5
// Every GLSL.std.450 function family a compute shader can call, at float, vec2, vec3 and
// vec4 (double where GLSL allows), in five parts built separately so that each module
// stays quick to compile (PART = 1 and 2: float functions, 3: matrices and packing,
// 4: integer functions, 5: double; see build.sh). Invocation i reads xin[i] / iin[i]
// and writes its results in order from o[i * 1024], oi[i * 256] and od[i * 512]; tests/vulkan.rs
// lists the same functions in the same order with their references.
layout(local_size_x = 8) in;
layout(set = 0, binding = 0) readonly buffer In { vec4 xin[]; };
layout(set = 0, binding = 1) readonly buffer InI { ivec4 iin[]; };
layout(set = 0, binding = 2) writeonly buffer Out { float o[]; };
layout(set = 0, binding = 3) writeonly buffer OutI { int oi[]; };
layout(set = 0, binding = 4) writeonly buffer OutD { double od[]; };

uint k;
uint j;
uint d;

vec4 pad(float a) { return vec4(a, 0.0, 0.0, 0.0); }
vec4 pad(vec2 a) { return vec4(a, 0.0, 0.0); }
vec4 pad(vec3 a) { return vec4(a, 0.0); }
vec4 pad(vec4 a) { return a; }
ivec4 pad(int a) { return ivec4(a, 0, 0, 0); }
ivec4 pad(ivec2 a) { return ivec4(a, 0, 0); }
ivec4 pad(ivec3 a) { return ivec4(a, 0); }
ivec4 pad(ivec4 a) { return a; }
ivec4 pad(uint a) { return ivec4(a, 0, 0, 0); }
ivec4 pad(uvec2 a) { return ivec4(a, 0, 0); }
ivec4 pad(uvec3 a) { return ivec4(a, 0); }
ivec4 pad(uvec4 a) { return ivec4(a); }
dvec4 pad(double a) { return dvec4(a, 0.0, 0.0, 0.0); }
dvec4 pad(dvec2 a) { return dvec4(a, 0.0, 0.0); }
dvec4 pad(dvec3 a) { return dvec4(a, 0.0); }
dvec4 pad(dvec4 a) { return a; }

void put(vec4 r, uint n) {
    o[k + 0u] = r.x; o[k + 1u] = r.y; o[k + 2u] = r.z; o[k + 3u] = r.w;
    k += n;
}
void put(ivec4 r, uint n) {
    oi[j + 0u] = r.x; oi[j + 1u] = r.y; oi[j + 2u] = r.z; oi[j + 3u] = r.w;
    j += n;
}
void put(dvec4 r, uint n) {
    od[d + 0u] = r.x; od[d + 1u] = r.y; od[d + 2u] = r.z; od[d + 3u] = r.w;
    d += n;
}

// Each put writes all four components and advances by n: the padding is overwritten
// by the next put (the output regions have room to spare).
// E evaluated with X of each width (taken from V's first components): 10 results.
#define ALL(T1, T2, T3, T4, V, E) { \
    { T1 X = T1(V.x); put(pad(E), 1u); } \
    { T2 X = T2(V.xy); put(pad(E), 2u); } \
    { T3 X = T3(V.xyz); put(pad(E), 3u); } \
    { T4 X = T4(V); put(pad(E), 4u); } }
#define F(E) ALL(float, vec2, vec3, vec4, v, E)
#define I(E) ALL(int, ivec2, ivec3, ivec4, iv, E)
#define U(E) ALL(uint, uvec2, uvec3, uvec4, iv, E)
#define D(E) ALL(double, dvec2, dvec3, dvec4, v, E)

#define MODF(T, SW, N) { T X = T(v.SW) * 8.0 - 4.0; T ip; T f = modf(X, ip); put(pad(f), N); put(pad(ip), N); }
#define FREXP(T, IT, SW, N) { T X = T(v.SW) * 8.0 - 4.0; IT e; T m = frexp(X, e); put(pad(m), N); put(pad(e), N); }
#define LDEXP(T, IT, SW, N) { T X = T(v.SW); IT e = IT(iv.SW) % 20; put(pad(ldexp(X, e)), N); }

void main() {
    uint i = gl_GlobalInvocationID.x;
    k = i * 1024u;
    j = i * 256u;
    d = i * 512u;
    vec4 v = xin[i];
    ivec4 iv = iin[i];

#if PART == 1
    // Component-wise float functions.
    F(round(X * 8.0 - 4.0))
    F(roundEven(X * 8.0 - 4.0))
    F(trunc(X * 8.0 - 4.0))
    F(abs(X - 0.5))
    F(sign(X - 0.5))
    F(floor(X * 8.0 - 4.0))
    F(ceil(X * 8.0 - 4.0))
    F(fract(X * 8.0 - 4.0))
    F(radians(X * 360.0))
    F(degrees(X))
    F(sin(X * 8.0 - 4.0))
    F(cos(X * 8.0 - 4.0))
    F(tan(X - 0.5))
    F(asin(X * 2.0 - 1.0))
    F(acos(X * 2.0 - 1.0))
    F(atan(X * 8.0 - 4.0))
    F(sinh(X * 4.0 - 2.0))
    F(cosh(X * 4.0 - 2.0))
    F(tanh(X * 4.0 - 2.0))
    F(asinh(X * 8.0 - 4.0))
    F(acosh(X * 4.0 + 1.0))
    F(atanh(X * 1.8 - 0.9))
#endif
#if PART == 2
    F(atan(X - 0.5, 0.5 - X * X))
    F(pow(X * 4.0, X + 0.5))
    F(exp(X * 8.0 - 4.0))
    F(log(X * 8.0 + 0.01))
    F(exp2(X * 8.0 - 4.0))
    F(log2(X * 8.0 + 0.01))
    F(sqrt(X * 8.0))
    F(inversesqrt(X * 8.0 + 0.01))
    F(min(X, 0.5))
    F(max(X, 0.5))
    F(clamp(X, 0.3, 0.6))
    F(mix(X, X * 2.0 + 1.0, 0.25))
    F(step(0.5, X))
    F(smoothstep(0.2, 0.8, X))
    F(fma(X, X, X))
    // Geometric functions (not component-wise).
    F(normalize(X + 0.1))
    F(faceforward(X, X - 0.5, 0.5 - X * X))
    F(reflect(X, normalize(X + 0.1)))
    F(refract(X - 0.5, normalize(X + 0.1), 0.7))
    F(length(X))
    F(distance(X, X * X))
    put(pad(cross(v.xyz, v.wzy)), 3u);
    // Multi-result functions.
    MODF(float, x, 1u) MODF(vec2, xy, 2u) MODF(vec3, xyz, 3u) MODF(vec4, xyzw, 4u)
    FREXP(float, int, x, 1u) FREXP(vec2, ivec2, xy, 2u) FREXP(vec3, ivec3, xyz, 3u) FREXP(vec4, ivec4, xyzw, 4u)
    LDEXP(float, int, x, 1u) LDEXP(vec2, ivec2, xy, 2u) LDEXP(vec3, ivec3, xyz, 3u) LDEXP(vec4, ivec4, xyzw, 4u)
#endif
#if PART == 3
    // Matrices.
    mat2 m2 = mat2(v.xy, v.zw) + mat2(2.0);
    mat3 m3 = mat3(v.xyz, v.yzw, v.zwx) + mat3(2.0);
    mat4 m4 = mat4(v, v.yzwx, v.zwxy, v.wxyz * 0.5) + mat4(2.0);
    put(vec4(determinant(m2), determinant(m3), determinant(m4), 0.0), 3u);
    mat2 i2 = inverse(m2);
    put(vec4(i2[0], i2[1]), 4u);
    mat3 i3 = inverse(m3);
    put(pad(i3[0]), 3u); put(pad(i3[1]), 3u); put(pad(i3[2]), 3u);
    mat4 i4 = inverse(m4);
    put(i4[0], 4u); put(i4[1], 4u); put(i4[2], 4u); put(i4[3], 4u);
    // Packing.
    put(ivec4(packUnorm4x8(v), packSnorm4x8(v * 2.0 - 1.0), packUnorm2x16(v.xy), packSnorm2x16(v.zw * 2.0 - 1.0)), 4u);
    put(ivec4(packHalf2x16(v.xy * 100.0), 0, 0, 0), 1u);
    put(unpackUnorm4x8(uint(iv.x)), 4u);
    put(unpackSnorm4x8(uint(iv.y)), 4u);
    put(pad(unpackUnorm2x16(uint(iv.z))), 2u);
    put(pad(unpackSnorm2x16(uint(iv.w))), 2u);
    put(pad(unpackHalf2x16(uint(iv.x))), 2u);
    put(pad(packDouble2x32(uvec2(iv.xy))), 1u);
    put(pad(unpackDouble2x32(double(v.x))), 2u);

#endif
#if PART == 4
    // Integer functions.
    I(abs(X))
    I(sign(X))
    I(min(X, 7))
    I(max(X, 7))
    I(clamp(X, -5, 5))
    I(findLSB(X))
    I(findMSB(X))
    U(min(X, 100u))
    U(max(X, 100u))
    U(clamp(X, 10u, 1000u))
    U(findMSB(X))

#endif
#if PART == 5
    // Double precision.
    D(abs(X - 0.5))
    D(sign(X - 0.5))
    D(floor(X * 8.0 - 4.0))
    D(ceil(X * 8.0 - 4.0))
    D(trunc(X * 8.0 - 4.0))
    D(round(X * 8.0 - 4.0))
    D(roundEven(X * 8.0 - 4.0))
    D(fract(X * 8.0 - 4.0))
    D(sqrt(X * 8.0))
    D(inversesqrt(X * 8.0 + 0.01))
    D(min(X, 0.5))
    D(max(X, 0.5))
    D(clamp(X, 0.3, 0.6))
    D(mix(X, X * 2.0 + 1.0, 0.25))
    D(step(0.5, X))
    D(smoothstep(0.2, 0.8, X))
    D(fma(X, X, X))
    D(normalize(X + 0.1))
    D(length(X))
    D(distance(X, X * X))
    D(reflect(X, normalize(X + 0.1)))
    LDEXP(double, int, x, 1u) LDEXP(dvec2, ivec2, xy, 2u) LDEXP(dvec3, ivec3, xyz, 3u) LDEXP(dvec4, ivec4, xyzw, 4u)
    dmat3 dm = dmat3(dvec3(v.xyz), dvec3(v.yzw), dvec3(v.zwx)) + dmat3(2.0);
    put(dvec4(determinant(dm), 0.0, 0.0, 0.0), 1u);
    dmat3 di = inverse(dm);
    put(pad(di[0]), 3u); put(pad(di[1]), 3u); put(pad(di[2]), 3u);
    put(pad(cross(dvec3(v.xyz), dvec3(v.wzy))), 3u);
#endif
}

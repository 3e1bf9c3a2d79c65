#version 460
// Every storage image format: load each texel into `loaded`, then store `stored` over it.
// parts: 41
#extension GL_EXT_shader_image_int64 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
layout(local_size_x = 4, local_size_y = 2) in;
#if PART == 1
#define FMT rgba32f
#define IMG image2D
#define VEC vec4
#elif PART == 2
#define FMT rgba16f
#define IMG image2D
#define VEC vec4
#elif PART == 3
#define FMT r32f
#define IMG image2D
#define VEC vec4
#elif PART == 4
#define FMT rgba8
#define IMG image2D
#define VEC vec4
#elif PART == 5
#define FMT rgba8_snorm
#define IMG image2D
#define VEC vec4
#elif PART == 6
#define FMT rg32f
#define IMG image2D
#define VEC vec4
#elif PART == 7
#define FMT rg16f
#define IMG image2D
#define VEC vec4
#elif PART == 8
#define FMT r11f_g11f_b10f
#define IMG image2D
#define VEC vec4
#elif PART == 9
#define FMT r16f
#define IMG image2D
#define VEC vec4
#elif PART == 10
#define FMT rgba16
#define IMG image2D
#define VEC vec4
#elif PART == 11
#define FMT rgb10_a2
#define IMG image2D
#define VEC vec4
#elif PART == 12
#define FMT rg16
#define IMG image2D
#define VEC vec4
#elif PART == 13
#define FMT rg8
#define IMG image2D
#define VEC vec4
#elif PART == 14
#define FMT r16
#define IMG image2D
#define VEC vec4
#elif PART == 15
#define FMT r8
#define IMG image2D
#define VEC vec4
#elif PART == 16
#define FMT rgba16_snorm
#define IMG image2D
#define VEC vec4
#elif PART == 17
#define FMT rg16_snorm
#define IMG image2D
#define VEC vec4
#elif PART == 18
#define FMT rg8_snorm
#define IMG image2D
#define VEC vec4
#elif PART == 19
#define FMT r16_snorm
#define IMG image2D
#define VEC vec4
#elif PART == 20
#define FMT r8_snorm
#define IMG image2D
#define VEC vec4
#elif PART == 21
#define FMT rgba32i
#define IMG iimage2D
#define VEC ivec4
#elif PART == 22
#define FMT rgba16i
#define IMG iimage2D
#define VEC ivec4
#elif PART == 23
#define FMT rgba8i
#define IMG iimage2D
#define VEC ivec4
#elif PART == 24
#define FMT r32i
#define IMG iimage2D
#define VEC ivec4
#elif PART == 25
#define FMT rg32i
#define IMG iimage2D
#define VEC ivec4
#elif PART == 26
#define FMT rg16i
#define IMG iimage2D
#define VEC ivec4
#elif PART == 27
#define FMT rg8i
#define IMG iimage2D
#define VEC ivec4
#elif PART == 28
#define FMT r16i
#define IMG iimage2D
#define VEC ivec4
#elif PART == 29
#define FMT r8i
#define IMG iimage2D
#define VEC ivec4
#elif PART == 30
#define FMT rgba32ui
#define IMG uimage2D
#define VEC uvec4
#elif PART == 31
#define FMT rgba16ui
#define IMG uimage2D
#define VEC uvec4
#elif PART == 32
#define FMT rgba8ui
#define IMG uimage2D
#define VEC uvec4
#elif PART == 33
#define FMT r32ui
#define IMG uimage2D
#define VEC uvec4
#elif PART == 34
#define FMT rgb10_a2ui
#define IMG uimage2D
#define VEC uvec4
#elif PART == 35
#define FMT rg32ui
#define IMG uimage2D
#define VEC uvec4
#elif PART == 36
#define FMT rg16ui
#define IMG uimage2D
#define VEC uvec4
#elif PART == 37
#define FMT rg8ui
#define IMG uimage2D
#define VEC uvec4
#elif PART == 38
#define FMT r16ui
#define IMG uimage2D
#define VEC uvec4
#elif PART == 39
#define FMT r8ui
#define IMG uimage2D
#define VEC uvec4
#elif PART == 40
#define FMT r64ui
#define IMG u64image2D
#define VEC u64vec4
#elif PART == 41
#define FMT r64i
#define IMG i64image2D
#define VEC i64vec4
#endif
layout(set = 0, binding = 0, FMT) uniform IMG img;
layout(set = 0, binding = 1) readonly buffer Stored { VEC stored[]; };
layout(set = 0, binding = 2) writeonly buffer Loaded { VEC loaded[]; };
void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    uint i = gl_GlobalInvocationID.y * 8u + gl_GlobalInvocationID.x;
    loaded[i] = imageLoad(img, p);
    imageStore(img, p, stored[i]);
}

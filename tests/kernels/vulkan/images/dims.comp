#version 460
// Storage images of every dimensionality, and formats given by the bound image
// (StorageImageReadWithoutFormat / WriteWithoutFormat): texel p of `src` plus 1 goes to
// texel p of `dst`; `size` gets imageSize(src).
// parts: 7
#extension GL_EXT_shader_image_load_formatted : require
layout(local_size_x = 2, local_size_y = 2, local_size_z = 2) in;
#if PART == 1
#define IMG image1D
#define C int(g.x)
#define S ivec4(imageSize(src), 0, 0, 0)
#elif PART == 2
#define IMG image1DArray
#define C ivec2(g.xy)
#define S ivec4(imageSize(src), 0, 0)
#elif PART == 3
#define IMG image2D
#define C ivec2(g.xy)
#define S ivec4(imageSize(src), 0, 0)
#elif PART == 4
#define IMG image2DArray
#define C ivec3(g)
#define S ivec4(imageSize(src), 0)
#elif PART == 5
#define IMG image3D
#define C ivec3(g)
#define S ivec4(imageSize(src), 0)
#elif PART == 6
#define IMG imageCube
#define C ivec3(g)
#define S ivec4(imageSize(src), 0, 0)
#elif PART == 7
#define IMG imageCubeArray
#define C ivec3(g)
#define S ivec4(imageSize(src), 0)
#endif
layout(set = 0, binding = 0) uniform readonly IMG src;
layout(set = 0, binding = 1) uniform writeonly IMG dst;
layout(set = 1, binding = 0) buffer Size { ivec4 size; };
void main() {
    uvec3 g = gl_GlobalInvocationID;
    imageStore(dst, C, imageLoad(src, C) + vec4(1.0));
    if (g == uvec3(0)) size = S;
}

#version 450
// Image queries (driver tests): sizes of a 2D array storage image, a 3D sampled image,
// a 1D array sampled image and a cube map.
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, rgba8) uniform readonly image2DArray arr;
layout(set = 0, binding = 1) uniform sampler3D vol;
layout(set = 0, binding = 2) uniform sampler1DArray lines;
layout(set = 0, binding = 3) uniform samplerCube cube;
layout(set = 0, binding = 4) writeonly buffer Out { ivec4 q[4]; };
void main() {
    q[0] = ivec4(imageSize(arr), 0);
    q[1] = ivec4(textureSize(vol, 0), textureQueryLevels(vol));
    q[2] = ivec4(textureSize(lines, 0), 0, textureQueryLevels(lines));
    q[3] = ivec4(textureSize(cube, 0), 0, 0);
}

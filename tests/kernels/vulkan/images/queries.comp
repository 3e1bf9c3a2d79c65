#version 460
#extension GL_ARB_shader_texture_image_samples : require
// Size, level and sample queries.
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) uniform sampler2DArray tex;
layout(set = 0, binding = 1) uniform sampler3D vol;
layout(set = 0, binding = 2) uniform sampler2DMS ms;
layout(set = 0, binding = 3) uniform samplerCubeArray cubes;
layout(set = 1, binding = 0) buffer Out { ivec4 q[4]; };
void main() {
    q[0] = ivec4(textureSize(tex, 0), textureQueryLevels(tex));
    q[1] = ivec4(textureSize(vol, 0), textureQueryLevels(vol));
    q[2] = ivec4(textureSize(cubes, 0), 0);
    q[3] = ivec4(textureSamples(ms), 0, 0, 0);
}

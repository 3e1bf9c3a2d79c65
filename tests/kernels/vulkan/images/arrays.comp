#version 460
// Descriptor arrays: out[i] = texel (0, 0) of texs[index] with a uniform index (push
// constant), of texs[i % 3] with a NonUniform index, and of imgs[1] (constant index).
#extension GL_EXT_nonuniform_qualifier : require
layout(local_size_x = 4) in;
layout(set = 0, binding = 0) uniform sampler2D texs[3];
layout(set = 0, binding = 1, r32f) uniform readonly image2D imgs[2];
layout(set = 1, binding = 0) writeonly buffer Out { vec4 outs[]; };
layout(push_constant) uniform Push { int index; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    outs[3u * i] = texelFetch(texs[index], ivec2(0), 0);
    outs[3u * i + 1u] = texelFetch(texs[nonuniformEXT(i % 3u)], ivec2(0), 0);
    outs[3u * i + 2u] = imageLoad(imgs[1], ivec2(0));
}

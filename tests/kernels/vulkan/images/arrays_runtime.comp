#version 460
// Run-time sized descriptor arrays of combined image samplers, storage images and
// uniform texel buffers (runtimeDescriptorArray), as many as the dispatch binds:
// out[4 i ..] = texel (0, 0) of texs[index] (uniform index), of texs[i % n]
// (NonUniform index), of imgs[i % 2] and texel 0 of tbufs[index]; imgs[i % 2] then gets
// its texel (0, 0) set to i when i < 2. With bad >= 0, invocation 0 also loads
// imgs[bad] into out[4 * 4 * groups] (past the last image bound: an error, or zeros
// under robust buffer access).
#extension GL_EXT_nonuniform_qualifier : require
layout(local_size_x = 4) in;
layout(set = 0, binding = 0) uniform sampler2D texs[];
layout(set = 0, binding = 1, r32f) uniform image2D imgs[];
layout(set = 0, binding = 2) uniform samplerBuffer tbufs[];
layout(set = 1, binding = 0) writeonly buffer Out { vec4 outs[]; };
layout(push_constant) uniform Push { int index; uint n; int bad; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    outs[4u * i] = texelFetch(texs[index], ivec2(0), 0);
    outs[4u * i + 1u] = texelFetch(texs[nonuniformEXT(i % n)], ivec2(0), 0);
    outs[4u * i + 2u] = imageLoad(imgs[nonuniformEXT(i % 2u)], ivec2(0));
    outs[4u * i + 3u] = texelFetch(tbufs[index], 0);
    if (i == 0u && bad >= 0) {
        outs[4u * 4u * gl_NumWorkGroups.x] = imageLoad(imgs[bad], ivec2(0));
    }
    barrier();
    if (i < 2u) {
        imageStore(imgs[nonuniformEXT(i)], ivec2(0), vec4(float(i)));
    }
}
